use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};
use shatar_rules::{EndReason, GameKind, GameResult, Outcome};

use crate::record::{
    OutcomeDef, RecordWire, option_end_reason, option_game_result, option_outcome,
};
use crate::search::{BestMove, SearchInfo, SearchLimits};

/// Bumped on any change a peer from another build could misread.
///
/// 2: the engine requests (`NewGame`, `Search`, `GameStatus`, `Pgn`), their replies and
/// errors. A page of this build talking to a worker of build 1 now hears "different
/// builds, reload" instead of "malformed message".
///
/// 3: bodies are externally tagged (`{"Perft":{...}}` for `{"type":"Perft",...}`).
///
/// 4: Xiangqi (`"ruleset":"xiangqi"`, moves in ICCS), and `GameStatus` names the
/// repetition ruling that decided a game.
///
/// 5: the glossary's names (docs/architecture.md): a game kind is `kind` (was `ruleset`,
/// which names only the 8x8 rules), a game's record is `record` (was `game`). The old
/// names are still read (serde aliases): saves hold records.
pub const PROTOCOL_VERSION: u32 = 5;

/// Deeper perft requests are refused: the worker answers nothing else while it counts,
/// and depth 8 from an open position is minutes of work.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// One message and what it belongs to.
///
/// `id` pairs a reply with its request: the page numbers requests from 1; replies that
/// answer no request (`Ready`, a request whose id could not be read) carry 0. A `Search`
/// gets several replies with its id: any number of `SearchInfo`, then one `BestMove`
/// (or one `Error`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub id: u32,
    pub body: T,
}

/// A kind of message body and the protocol version it belongs to: the worker's
/// ([`PROTOCOL_VERSION`]) or the server's ([`crate::online::ONLINE_PROTOCOL_VERSION`]).
pub trait Versioned {
    const VERSION: u32;
}

impl<T: Versioned> Versioned for &T {
    const VERSION: u32 = T::VERSION;
}

impl Versioned for Request {
    const VERSION: u32 = PROTOCOL_VERSION;
}

impl Versioned for Response {
    const VERSION: u32 = PROTOCOL_VERSION;
}

impl<T: Versioned> Envelope<T> {
    pub fn new(id: u32, body: T) -> Self {
        Envelope {
            v: T::VERSION,
            id,
            body,
        }
    }
}

/// The envelope without its body, read first so that a message from another protocol
/// version is reported as such rather than as whatever its body fails to decode as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Header {
    pub v: u32,
    pub id: u32,
}

impl Header {
    /// Whether the message is of `T`'s protocol version.
    pub fn is_version_of<T: Versioned>(self) -> bool {
        self.v == T::VERSION
    }

    pub fn check_version(self) -> Result<(), ErrorKind> {
        if self.v == PROTOCOL_VERSION {
            Ok(())
        } else {
            Err(ErrorKind::VersionMismatch {
                expected: PROTOCOL_VERSION,
                got: self.v,
            })
        }
    }
}

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Counts the leaves of the legal move tree (checks the worker's move generator).
    Perft {
        fen: String,
        #[serde(with = "crate::kind_id", alias = "ruleset")]
        kind: GameKind,
        depth: u32,
    },
    /// The legal moves of a position, in UCI notation (ICCS for Xiangqi).
    LegalMoves {
        fen: String,
        #[serde(with = "crate::kind_id", alias = "ruleset")]
        kind: GameKind,
    },
    /// Forget what earlier searches learnt (the transposition table and move-ordering
    /// memory), so that a new game does not depend on the last one. `hash_mb` sizes the
    /// table from now on; `None` keeps the size.
    NewGame {
        #[serde(with = "crate::kind_id", alias = "ruleset")]
        kind: GameKind,
        #[serde(default)]
        hash_mb: Option<u32>,
    },
    /// Choose a move for the side to move at the end of `record`. Replies: `SearchInfo`
    /// after each finished iteration, then `BestMove`.
    Search {
        #[serde(alias = "game")]
        record: RecordWire,
        limits: SearchLimits,
    },
    /// Where `record` stands: its position, legal moves and how it ended, if it has. The
    /// referee of engine matches.
    GameStatus {
        #[serde(alias = "game")]
        record: RecordWire,
    },
    /// `record` as PGN. `tags` (`[["White","shatar"],["Round","3"]]`) are added to the ones
    /// the rules set (Variant, FEN); `result` (`"1-0"`, `"0-1"`, `"1/2-1/2"`) overrides the
    /// game's own ending (a claimed draw, a loss on time), which is used when it is `None`.
    Pgn {
        #[serde(alias = "game")]
        record: RecordWire,
        #[serde(default)]
        tags: Vec<(String, String)>,
        #[serde(default, with = "option_game_result")]
        result: Option<GameResult>,
    },
}

/// What the worker says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker's wasm is initialised and it listens: sent once, unasked.
    Ready,
    /// `millis` is measured inside the worker, so it excludes the message round trip.
    PerftResult {
        nodes: u64,
        millis: f64,
    },
    LegalMoves {
        moves: Vec<String>,
    },
    /// The answer to `NewGame`.
    NewGameReady,
    SearchInfo(SearchInfo),
    BestMove(BestMove),
    GameStatus {
        /// The current position.
        fen: String,
        /// Its legal moves in UCI notation (ICCS for Xiangqi); empty once the game is over.
        legal_moves: Vec<String>,
        in_check: bool,
        /// How the game ended by itself (mate, stalemate, dead position, fivefold
        /// repetition, 75 moves, the folk rules' own ends), if it has.
        #[serde(with = "option_outcome")]
        outcome: Option<Outcome>,
        /// The draw the player to move may claim now (2017 art. 9.2, 9.3), if any.
        #[serde(with = "option_end_reason")]
        claimable_draw: Option<EndReason>,
        /// Xiangqi: the repetition ruling that ended the game, with the rulings it cites
        /// ("Red loses: perpetual check (AXF 2008 ruling 1)").
        #[serde(default)]
        ruling: Option<String>,
    },
    Pgn {
        text: String,
    },
    Error {
        error: ErrorKind,
    },
}

/// Why a request got no answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ErrorKind {
    /// Not an envelope, or a body that is no known request.
    Malformed {
        detail: String,
    },
    VersionMismatch {
        expected: u32,
        got: u32,
    },
    /// The FEN does not parse or is not a legal position of the ruleset.
    BadFen {
        detail: String,
    },
    DepthTooLarge {
        max: u32,
    },
    /// Move `ply` of the game's move list (counted from 1) is not a legal move there.
    IllegalMove {
        ply: u32,
        uci: String,
        reason: String,
    },
    /// A search was asked for in a game that has ended.
    GameOver {
        #[serde(with = "OutcomeDef")]
        outcome: Outcome,
    },
    LevelOutOfRange {
        level: u8,
        max: u8,
    },
    /// A search with no depth, node, time or clock limit would never end: the worker
    /// cannot be stopped in the middle of a search.
    Unbounded,
    /// This worker was built without the game (the page's first worker plays only the 8x8
    /// games).
    GameNotBuilt {
        #[serde(with = "crate::kind_id", alias = "game")]
        kind: GameKind,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Malformed { detail } => write!(f, "malformed message ({detail})"),
            ErrorKind::VersionMismatch { expected, got } => {
                write!(f, "page and worker are from different builds (protocol {got}, expected {expected})")
            }
            ErrorKind::BadFen { detail } => write!(f, "bad FEN: {detail}"),
            ErrorKind::DepthTooLarge { max } => write!(f, "perft depth is limited to {max}"),
            ErrorKind::IllegalMove { ply, uci, reason } => write!(f, "move {ply} ({uci}) is illegal: {reason}"),
            ErrorKind::GameOver { outcome } => write!(f, "the game is over: {outcome}"),
            ErrorKind::LevelOutOfRange { level, max } => write!(f, "level {level} is not a level from 1 to {max}"),
            ErrorKind::Unbounded => {
                f.write_str("a search needs a depth, node, move time or clock limit: the worker cannot be stopped")
            }
            ErrorKind::GameNotBuilt { kind } => write!(f, "this worker was built without {}", kind.name()),
        }
    }
}

impl core::error::Error for ErrorKind {}
