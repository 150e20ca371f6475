//! The typed box's answer in words: the state keeps what was asked and what was found
//! ([`TypedReply`]), and this says it in the language shown each time the page is drawn.

use super::clocks::clock_text;
use super::moves::announcement;
use super::status::status_text;
use crate::board::typed::{Answer, TypedReply};
use crate::i18n::Lang;
use crate::names::{colored_piece, side_name};
use crate::{t, tf};
use shatar_rules::{AnyPiece, Cell};

pub fn reply_text(lang: Lang, reply: &TypedReply) -> String {
    let kind = reply.game;
    let names = |pieces: &[(Cell, AnyPiece)]| -> Vec<String> {
        pieces
            .iter()
            .map(|&(cell, p)| format!("{} {}", cell.name(kind), colored_piece(lang, kind, p)))
            .collect()
    };
    match &reply.answer {
        Answer::Unknown(text) => tf!(
            lang,
            "typed.unknown",
            text = text,
            help = t!(lang, "typed.help")
        ),
        Answer::GameOver => t!(lang, "typed.over").to_string(),
        Answer::Browsing => t!(lang, "typed.browsing").to_string(),
        Answer::NotYourTurn => t!(lang, "typed.not-your-turn").to_string(),
        Answer::Help => t!(lang, "typed.help").to_string(),
        Answer::Last(said) => match said {
            Some(said) => announcement(lang, kind, *said),
            None => t!(lang, "typed.no-move-yet").to_string(),
        },
        Answer::Turn(status) => status_text(lang, kind, status),
        Answer::Clocks(None) => t!(lang, "typed.no-clock").to_string(),
        Answer::Clocks(Some((white, black))) => tf!(
            lang,
            "typed.clocks",
            white = clock_text(*white),
            black = clock_text(*black)
        ),
        Answer::Rank { rank, pieces } => line(
            lang,
            tf!(lang, "typed.rank", n = rank.to_string()),
            &names(pieces),
        ),
        Answer::File { file, pieces } => line(
            lang,
            tf!(
                lang,
                "typed.file",
                file = char::from(b'a' + file).to_string()
            ),
            &names(pieces),
        ),
        Answer::Pieces { kind: piece, sides } => sides
            .iter()
            .map(|(color, cells)| {
                let who = tf!(
                    lang,
                    "piece",
                    color = side_name(lang, kind, *color),
                    piece = piece.name(lang, kind)
                );
                if cells.is_empty() {
                    tf!(lang, "typed.pieces-none", who = who)
                } else {
                    let cells: Vec<String> = cells.iter().map(|c| c.name(kind)).collect();
                    tf!(lang, "typed.pieces", who = who, list = lang.list(&cells))
                }
            })
            .reduce(|first, next| tf!(lang, "typed.groups", first = first, next = next))
            .unwrap_or_default(),
    }
}

fn line(lang: Lang, what: String, occupied: &[String]) -> String {
    if occupied.is_empty() {
        tf!(lang, "typed.line-empty", what = what)
    } else {
        tf!(lang, "typed.line", what = what, list = lang.list(occupied))
    }
}
