//! The status line of the game page, as data ([`Status`], worded by the view).

use super::AppState;
use crate::board::{Play, Status};

impl AppState {
    pub fn status(&self) -> Status {
        let game = self.board.game();
        if let Some(outcome) = game.outcome() {
            return Status::Over {
                outcome,
                ruling: game.ruling(),
                points: self.prefs.looks.points,
            };
        }
        if self.is_browsing() {
            return Status::Browsing {
                ply: self.shown_ply(),
                total: game.len(),
            };
        }
        if self.clock_only() {
            return Status::OverTheBoard;
        }
        let play = if self.computer_thinking() {
            Play::ComputerThinking
        } else {
            match game.legal_moves().as_slice() {
                [a, b] if game.is_empty() => Play::OpensWith(*a, *b),
                [only] => Play::MustPlay(*only),
                _ if self.session.human.is_some() => Play::YourMove,
                _ => Play::ToMove,
            }
        };
        Status::Playing {
            side: game.turn(),
            check: game.position().is_check(),
            play,
        }
    }
}
