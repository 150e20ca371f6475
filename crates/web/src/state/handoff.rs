//! A request for the page's other build (the one with Xiangqi), and how it is carried out
//! there.

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use super::Msg;
use crate::settings::GameSetup;

/// What a player asked of a build that does not carry the game, for the build that does:
/// handed over in memory with the game (`dom::handoff`), carried out once the other build
/// has restored the game.
///
/// Tagged the plain way (`{"start-game": {...}}`): an internally tagged enum would bring
/// serde's buffering code into the first build, about 3 kB.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandoffRequest {
    /// The new-game dialog's choice.
    StartGame {
        setup: GameSetup,
        seed: u64,
        date: String,
    },
    /// A PGN or FEN to import; `kind` is the game chosen when it was pasted.
    Import {
        text: String,
        #[serde(with = "shatar_protocol::kind_id", alias = "ruleset")]
        kind: GameKind,
    },
}

impl HandoffRequest {
    /// The message that carries it out.
    pub fn into_msg(self) -> Msg {
        match self {
            HandoffRequest::StartGame { setup, seed, date } => Msg::StartGame { setup, seed, date },
            HandoffRequest::Import { text, kind } => Msg::Import { text, kind },
        }
    }
}
