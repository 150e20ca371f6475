//! The move list, and a move as the live region says it.

use shatar_rules::{Color, GameKind};

use crate::board::MoveSaid;
use crate::game::Game;
use crate::i18n::Lang;
use crate::names::{piece_name, role_name, side_name};
use crate::state::AppState;
use crate::tf;
use shatar_rules::MoveStyle;

/// The last move of the game as a screen reader should hear it: "12. White horse g1 to f3",
/// "Black boy e5 takes horse d4, check", "White berse h5 takes boy f7, checkmate". `None`
/// before the first move.
pub fn move_announcement(game: &Game, lang: Lang) -> Option<String> {
    MoveSaid::last_of(game).map(|said| announcement(lang, game.kind(), said))
}

/// A move in the words [`move_announcement`] gives it.
pub fn announcement(lang: Lang, kind: GameKind, said: MoveSaid) -> String {
    let number = said.number.to_string();
    let (side, piece) = (
        side_name(lang, kind, said.mover.color()),
        piece_name(lang, kind, said.mover),
    );
    let (from, to) = (said.from.name(kind), said.to.name(kind));
    let mut text = match said.victim {
        Some(v) => {
            let victim = piece_name(lang, kind, v);
            tf!(
                lang,
                "say.capture",
                number = number,
                side = side,
                piece = piece,
                from = from,
                victim = victim,
                to = to
            )
        }
        None => tf!(
            lang,
            "say.move",
            number = number,
            side = side,
            piece = piece,
            from = from,
            to = to
        ),
    };
    if let Some(role) = said.promotion {
        text = tf!(lang, "say.promotion", move = text, piece = role_name(lang, kind.board8().unwrap_or_default(), role));
    }
    if said.mate {
        text = tf!(lang, "say.checkmate", move = text);
    } else if said.check {
        text = tf!(lang, "say.check", move = text);
    }
    text
}

/// One numbered row of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: u32,
    /// `(ply after the move, text)`; `None` for the empty half of a row (a game that
    /// starts with Black to move, or the last move still to come).
    pub white: Option<(usize, String)>,
    pub black: Option<(usize, String)>,
}

pub fn move_rows(state: &AppState) -> Vec<MoveRow> {
    move_rows_of(state.board.game(), state.move_style())
}

pub fn move_rows_of(game: &Game, style: MoveStyle) -> Vec<MoveRow> {
    let texts = game.move_texts(style);
    let (first_number, first_side) = game.first_move_number();
    let mut rows: Vec<MoveRow> = Vec::new();
    let offset = usize::from(first_side == Color::Black);
    for (i, text) in texts.into_iter().enumerate() {
        let slot = i + offset;
        let number = first_number + (slot / 2) as u32;
        if slot % 2 == 0 || rows.is_empty() {
            rows.push(MoveRow {
                number,
                white: None,
                black: None,
            });
        }
        let row = rows.last_mut().expect("a row was just pushed");
        let entry = Some((i + 1, text));
        if slot % 2 == 0 {
            row.white = entry;
        } else {
            row.black = entry;
        }
    }
    rows
}
