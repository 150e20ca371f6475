//! What a page tells of the game, as data: the status line and a move announced. The view
//! words them in the language shown; the typed box keeps them as they were when asked, so
//! that its answer (read out by a live region) does not change under the player. The game
//! page fills the status line ([`crate::state::AppState::status`]).

use shatar_rules::{Color, Outcome, Role};

use crate::game::Game;
use crate::settings::Points;
use shatar_rules::{AnyPiece, Cell, GameMove};

/// The status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game is over: how, with the Xiangqi repetition ruling that decided it, if one
    /// did, and the match points if the player asked for them.
    Over {
        outcome: Outcome,
        ruling: Option<String>,
        points: Points,
    },
    /// An earlier ply of the game is shown.
    Browsing { ply: usize, total: usize },
    /// The page is only the clock of a game on a real board.
    OverTheBoard,
    Playing {
        side: Color,
        /// The side to move is in check.
        check: bool,
        play: Play,
    },
}

/// What the side to move may do, as the status line tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    ComputerThinking,
    /// The compulsory first round (2017 art. 1.2), as the legal moves show it.
    OpensWith(GameMove, GameMove),
    MustPlay(GameMove),
    /// The player at this device, against the computer.
    YourMove,
    ToMove,
}

/// A move as a screen reader hears it: "12. White horse g1 to f3", "Black boy e5 takes
/// horse d4, check".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSaid {
    pub number: u32,
    pub mover: AnyPiece,
    pub victim: Option<AnyPiece>,
    pub from: Cell,
    pub to: Cell,
    pub promotion: Option<Role>,
    pub check: bool,
    pub mate: bool,
}

impl MoveSaid {
    /// The last move of `game`; `None` before the first.
    pub fn last_of(game: &Game) -> Option<MoveSaid> {
        let ply = game.len();
        let m = game.snapshot(ply).last_move?;
        let before = game.snapshot(ply - 1).position;
        let after = game.snapshot(ply).position;
        let check = after.is_check();
        Some(MoveSaid {
            number: game.move_number(ply - 1),
            mover: before.piece_at(m.from())?,
            victim: before.piece_at(m.to()),
            from: m.from(),
            to: m.to(),
            promotion: m.promotion(),
            check,
            mate: check && !after.has_legal_moves(),
        })
    }
}
