//! A game whose moves come from elsewhere: the online page's (`crates/online`), where a
//! Shatar server holds the game and its clock, and this state only shows it and takes the
//! player's own moves. The server is the arbiter: a move is played here when the server
//! announces it, or when the player makes it (the server may still refuse it, and the
//! page then takes the game as the server sends it).

use shatar_rules::{Color, GameKind, Outcome};

use super::{AppState, Effect, input};
use crate::game::Game;
use crate::settings::{GameSetup, Opponent, SideChoice, TimeControl};

/// Why a server's game or move could not be followed here (a server of other rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotFollowed(pub String);

impl AppState {
    /// Shows the server's game: `seat` is the player's side, `None` for a spectator; the
    /// board is turned to the seat. The clock is the server's, shown by the online page.
    pub fn follow_remote(
        &mut self,
        kind: GameKind,
        seat: Option<Color>,
        moves: &[String],
        names: [Option<String>; 2],
    ) -> Result<(), NotFollowed> {
        let wire = shatar_protocol::Game {
            ruleset: kind,
            fen: None,
            moves: moves.to_vec(),
        };
        let mut game = Game::from_wire(&wire).map_err(NotFollowed)?;
        let mut notes = game.notes().clone();
        let side_tag = |c: Color| match (kind, c) {
            (GameKind::Xiangqi, Color::White) => "Red",
            (_, Color::White) => "White",
            (_, Color::Black) => "Black",
        };
        for (color, name) in [Color::White, Color::Black].into_iter().zip(names) {
            if let Some(name) = name {
                notes.tags.push((side_tag(color).to_string(), name));
            }
        }
        game.set_notes(notes);
        let same_board = self.session.game.kind() == kind
            && self.session.human == seat
            && self.session.game.to_wire().moves == moves;
        self.session.setup = GameSetup {
            ruleset: kind,
            opponent: Opponent::Online,
            side: seat.map_or(SideChoice::White, |c| {
                c.fold(SideChoice::White, SideChoice::Black)
            }),
            time_control: TimeControl::Untimed,
        };
        self.session.human = seat;
        self.session.timing = None;
        if !same_board {
            self.ui.orientation = seat.unwrap_or(Color::White);
            self.replace_game(game);
        } else {
            self.session.game.set_notes(game.notes().clone());
        }
        Ok(())
    }

    /// Plays a move the server announced, in the wire's notation; its sound is among the
    /// effects.
    pub fn play_remote(&mut self, text: &str) -> Result<Vec<Effect>, NotFollowed> {
        let position = self.session.game.position();
        let m = position
            .parse_wire_move(text)
            .map_err(|e| NotFollowed(e.to_string()))?;
        let mut effects = Vec::new();
        input::play(self, m, &mut effects);
        Ok(effects)
    }

    /// The server ended the game off the board (resignation, a flag, a draw agreed).
    pub fn end_remote(&mut self, outcome: Outcome) {
        if self.session.game.outcome().is_none() {
            self.session.game.set_outcome(outcome);
            self.ui.selected = None;
        }
    }

    /// The player's moves made here since `since` plies, in the wire's notation: what the
    /// online page sends the server.
    pub fn moves_since(&self, since: usize) -> Vec<String> {
        self.session.game.moves()[since.min(self.session.game.len())..]
            .iter()
            .map(|m| m.to_string())
            .collect()
    }
}
