//! A game's record as PGN, through the rules crate's writer: its tags, each move's clock
//! as `[%clk h:mm:ss]`, draw offers as the comment `{(=)}` (2017 art. 9.1.2.b,
//! [`shatar_rules::pgn::DRAW_OFFER_COMMENT`]), and how it ended: `Termination` with the PGN
//! standard's value and `TerminationDetails` with the reason
//! ([`shatar_rules::pgn::TERMINATION_DETAILS`]). A game aborted before both sides moved is
//! "abandoned" (as lichess writes it) with the details "aborted" and no result; one a
//! player left is "abandoned" too, the details naming who left.

use shatar_rules::xiangqi::pgn::Notation;
use shatar_rules::{Color, GameKind};

use super::Table;
use crate::wire::EndNote;

/// What the PGN needs beyond the table: the players' names and the day the game began.
pub struct PgnHeader {
    pub white: Option<String>,
    pub black: Option<String>,
    /// `YYYY.MM.DD`.
    pub date: Option<String>,
}

impl Table {
    pub fn pgn(&self, header: &PgnHeader) -> String {
        // Xiangqi in coordinates: the moves read back as the wire and the server wrote
        // them, in any language.
        let mut game = self.record.to_pgn(Notation::Iccs);
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "Anonymous".into());
        game.set_tag("Event", "Shatar online game");
        game.set_tag("Site", "Shatar");
        if let Some(date) = &header.date {
            game.set_tag("Date", date.as_str());
        }
        game.set_tag("White", name(&header.white));
        game.set_tag("Black", name(&header.black));
        let control = &self.clock.control;
        match self.is_correspondence() {
            // The PGN standard (9.6.1) has no days a move; lichess writes "-" too.
            true => game.set_tag("TimeControl", "-"),
            false => {
                if let Some(tag) = control.pgn_tag() {
                    game.set_tag("TimeControl", tag);
                }
                if let Some((tag, value)) = control.pgn_extra_tag() {
                    game.set_tag(tag, value);
                }
            }
        }
        match (self.note, self.outcome()) {
            (Some(EndNote::Aborted), _) => game.set_termination_as("abandoned", "aborted"),
            (Some(EndNote::Abandoned { by }), _) => {
                let side = match Color::from(by) {
                    Color::White if self.kind() == GameKind::Xiangqi => "red",
                    color => color.name(),
                };
                let details = format!("abandoned by {side}");
                game.set_termination_as("abandoned", &details);
            }
            (None, Some(outcome)) => game.set_termination(outcome.reason),
            (None, None) => game.remove_termination(),
        }
        if self.note == Some(EndNote::Aborted) {
            game.result = None;
        }
        for (ply, (pgn_move, meta)) in game.moves.iter_mut().zip(&self.history).enumerate() {
            pgn_move.draw_offer = meta.draw_offer;
            // Correspondence keeps no clock worth writing: each move has its days afresh.
            if self.is_correspondence() {
                continue;
            }
            let mover = if ply.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            };
            if let Some(clock) = &meta.clock {
                pgn_move.set_clock(clock.base_ms[mover.index()]);
            }
        }
        game.write()
    }
}
