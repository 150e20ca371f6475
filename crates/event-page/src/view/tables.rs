//! The rounds as tables: by board (with each result, how it came and what it corrects)
//! and by name.

use shatar_protocol::events::{
    BoardView, ByeRequest, EventView, PlayerView, ResultSource, ResultWire, RoundView,
};
use shatar_protocol::online::Side;
use shatar_web::i18n::Lang;
use shatar_web::{t, tf};

use super::{CellView, Head, TableView};

pub(super) fn name_of(event: &EventView, number: u32) -> &str {
    event
        .players
        .iter()
        .find(|p| p.number == number)
        .map_or("?", |p| p.name.as_str())
}

/// Whether `number` had withdrawn by `round`: the server settles such a board without an
/// entry (the withdrawn side loses by forfeit), so the page says so itself.
fn gone(event: &EventView, number: u32, round: u32) -> bool {
    event
        .players
        .iter()
        .any(|p| p.number == number && p.withdrawn_from.is_some_and(|from| from <= round))
}

fn result_text(event: &EventView, round: u32, board: &BoardView) -> String {
    match (&board.result, board.black) {
        (Some(r), _) => r.result.text().to_string(),
        (None, None) => String::new(),
        (None, Some(black)) => match (gone(event, board.white, round), gone(event, black, round)) {
            (true, true) => ResultWire::DoubleForfeit.text().to_string(),
            (true, false) => ResultWire::BlackForfeitWin.text().to_string(),
            (false, true) => ResultWire::WhiteForfeitWin.text().to_string(),
            (false, false) => "…".to_string(),
        },
    }
}

/// A result's provenance and history: how it came (the server's game, a no-show) and
/// what it corrected, for the director's and the players' trust.
fn result_note(lang: Lang, event: &EventView, board: &BoardView) -> String {
    let Some(r) = &board.result else {
        return String::new();
    };
    let mut parts = Vec::new();
    match r.source {
        ResultSource::Director => {}
        ResultSource::Game => parts.push(t!(lang, "event.source-game").to_string()),
        ResultSource::NoShow => parts.push(t!(lang, "event.source-no-show").to_string()),
    }
    // A knockout's drawn game: who went through on its tie-break games.
    let through = match (r.tie_break_winner, board.black) {
        (Some(Side::White), _) => Some(board.white),
        (Some(Side::Black), Some(black)) => Some(black),
        _ => None,
    };
    if let Some(number) = through {
        parts.push(tf!(
            lang,
            "event.tie-break-won",
            name = name_of(event, number)
        ));
    }
    if let Some(reason) = &r.reason {
        parts.push(reason.clone());
    }
    if board.history.len() > 1 {
        let earlier: Vec<&str> = board.history[..board.history.len() - 1]
            .iter()
            .map(|h| h.result.text())
            .collect();
        parts.push(tf!(lang, "event.corrected", earlier = earlier.join(", ")));
    }
    parts.join("; ")
}

pub(super) fn round_tables(
    lang: Lang,
    event: &EventView,
    round: &RoundView,
) -> (TableView, TableView) {
    let caption = tf!(lang, "event.round-n", round = round.round.to_string());
    let by_board = TableView {
        caption: tf!(lang, "event.by-board-caption", round = caption.clone()),
        heads: vec![
            head(t!(lang, "event.board")),
            head(t!(lang, "side.white")),
            head(t!(lang, "event.result")),
            head(t!(lang, "side.black")),
            head(t!(lang, "event.note")),
        ],
        rows: round
            .boards
            .iter()
            .map(|b| {
                let mut result = CellView::text(result_text(event, round.round, b));
                if let Some(game) = b.game {
                    result.link = Some(format!("online.html?game={game}"));
                }
                vec![
                    CellView::text(b.board.to_string()),
                    CellView::player(b.white, name_of(event, b.white)),
                    result,
                    match b.black {
                        Some(black) => CellView::player(black, name_of(event, black)),
                        None => CellView::text(t!(lang, "event.bye")),
                    },
                    CellView::text(result_note(lang, event, b)),
                ]
            })
            .collect(),
    };
    let by_name = TableView {
        caption: tf!(lang, "event.by-name-caption", round = caption),
        heads: vec![
            head(t!(lang, "event.player")),
            head(t!(lang, "event.board")),
            head(t!(lang, "event.colour")),
        ],
        rows: round
            .by_name
            .iter()
            .map(|&(number, board)| {
                let colour = round
                    .boards
                    .iter()
                    .find(|b| b.board == board)
                    .map_or("", |b| {
                        if b.black.is_none() {
                            t!(lang, "event.bye")
                        } else if b.white == number {
                            t!(lang, "side.white")
                        } else {
                            t!(lang, "side.black")
                        }
                    });
                vec![
                    CellView::player(number, name_of(event, number)),
                    CellView::text(board.to_string()),
                    CellView::text(colour),
                ]
            })
            .collect(),
    };
    (by_board, by_name)
}

pub(super) fn head(text: &str) -> Head {
    Head {
        text: text.to_string(),
        title: String::new(),
    }
}

fn bye_text(lang: Lang, bye: ByeRequest) -> &'static str {
    match bye {
        ByeRequest::HalfPoint => t!(lang, "event.bye-half"),
        ByeRequest::ZeroPoint => t!(lang, "event.bye-zero"),
        ByeRequest::FullPoint => t!(lang, "event.bye-full"),
        ByeRequest::Absent => t!(lang, "event.bye-absent"),
    }
}

pub(super) fn player_note(lang: Lang, p: &PlayerView) -> String {
    let mut parts = Vec::new();
    if let Some(round) = p.withdrawn_from {
        parts.push(tf!(lang, "event.withdrawn-from", round = round.to_string()));
    }
    for (round, bye) in &p.byes {
        parts.push(format!(
            "{} ({})",
            bye_text(lang, *bye),
            tf!(lang, "event.round-n", round = round.to_string())
        ));
    }
    parts.join("; ")
}
