//! The typed move box, for players who do not use the board (a screen reader, a braille
//! display), in the spirit of lichess's blind mode: a move in SAN (`Nf3`, `exd5`, `e8=Q`),
//! long form (`Ng1-f3`) or coordinates (`g1f3`), or a question about the position ("where
//! horses", "rank 4", "file e", "last", "clocks", "turn", "help"). A move is played as if
//! made on the board; an answer goes to the live region beside the box.

use shatar_rules::{Color, Move, Role, Square, san, uci, with_position};

use super::{AppState, Effect, input};
use crate::view::{self, clock_text, move_announcement, piece_name};

/// What the player typed, understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Pieces(Option<Color>, Role),
    Rank(u8),
    File(u8),
    Last,
    Clocks,
    Turn,
    Help,
}

pub const HELP: &str = "Type a move (e4, Nf3, exd5, e7e8q, g1-f3) or ask: \"where horses\" \
    (or any piece, \"white camels\"), \"rank 4\", \"file e\", \"last\", \"clocks\", \"turn\".";

/// Handles a line typed in the box: plays it, or answers it in `state.typed_reply`.
pub fn typed(state: &mut AppState, text: &str, effects: &mut Vec<Effect>) {
    let text = text.trim();
    state.typed_reply = None;
    if text.is_empty() {
        return;
    }
    if let Some(question) = question(state, text) {
        state.typed_reply = Some(answer(state, question));
        return;
    }
    let Some(m) = read_move(state, text) else {
        state.typed_reply = Some(format!("\"{text}\" is not a legal move here, nor a question I know. {HELP}"));
        return;
    };
    if !state.can_move() {
        state.typed_reply = Some(String::from(if state.game.outcome().is_some() {
            "The game is over."
        } else if state.is_browsing() {
            "You are looking at an earlier move: go to the last one first (End)."
        } else {
            "It is not your turn."
        }));
        return;
    }
    input::play(state, m, effects);
}

fn read_move(state: &AppState, text: &str) -> Option<Move> {
    with_position!(&state.game.position(), p => {
        san::parse(p, text)
            .ok()
            .or_else(|| san::parse_long(p, text).ok())
            .or_else(|| uci::parse_move(p, &text.to_ascii_lowercase().replace('-', "")).ok())
    })
}

fn question(state: &AppState, text: &str) -> Option<Question> {
    let lower = text.to_lowercase();
    let words: Vec<&str> =
        lower.split_whitespace().filter(|w| !matches!(*w, "where" | "are" | "the" | "read" | "is")).collect();
    match words.as_slice() {
        ["help"] | ["?"] => Some(Question::Help),
        ["last"] | ["last", "move"] => Some(Question::Last),
        ["clock" | "clocks" | "time"] => Some(Question::Clocks),
        ["turn"] | ["status"] | ["whose", "turn"] => Some(Question::Turn),
        ["rank", n] => n.parse().ok().filter(|n| (1..=8).contains(n)).map(Question::Rank),
        ["file", f] if f.len() == 1 => {
            let c = f.as_bytes()[0];
            (b'a'..=b'h').contains(&c).then(|| Question::File(c - b'a'))
        }
        [piece] => role(state, piece).map(|r| Question::Pieces(None, r)),
        [color @ ("white" | "black"), piece] => {
            let color = if *color == "white" { Color::White } else { Color::Black };
            role(state, piece).map(|r| Question::Pieces(Some(color), r))
        }
        _ => None,
    }
}

/// A piece by its name in this game or in chess, one or several: "horse", "knights".
fn role(state: &AppState, word: &str) -> Option<Role> {
    let forms = [Some(word), word.strip_suffix('s'), word.strip_suffix("es")];
    Role::ALL.into_iter().find(|&r| {
        let names = [piece_name(state.game.ruleset(), r), r.english_name()];
        forms.iter().flatten().any(|form| names.iter().any(|n| n.eq_ignore_ascii_case(form)))
    })
}

fn answer(state: &AppState, question: Question) -> String {
    let ruleset = state.game.ruleset();
    let board = with_position!(state.game.snapshot(state.shown_ply()).position, p => *p.board());
    let name =
        |sq: Square| board.piece_at(sq).map(|p| format!("{sq} {} {}", p.color.name(), piece_name(ruleset, p.role)));
    match question {
        Question::Help => String::from(HELP),
        Question::Last => {
            move_announcement(&state.game).unwrap_or_else(|| String::from("No move has been played yet."))
        }
        Question::Turn => view::status(state),
        Question::Clocks => match &state.timing {
            None => String::from("This game has no clock."),
            Some(t) => {
                let read = |c: Color| clock_text(t.clock.read(c, state.now_ms).base_ms);
                format!("White {}, Black {}", read(Color::White), read(Color::Black))
            }
        },
        Question::Rank(rank) => {
            let occupied: Vec<String> =
                (0..8).filter_map(|f| name(Square::ALL[usize::from(rank - 1) * 8 + f])).collect();
            line(&format!("Rank {rank}"), &occupied)
        }
        Question::File(file) => {
            let occupied: Vec<String> = (0..8).filter_map(|r| name(Square::ALL[r * 8 + usize::from(file)])).collect();
            line(&format!("File {}", char::from(b'a' + file)), &occupied)
        }
        Question::Pieces(color, role) => {
            let colors = match color {
                Some(c) => vec![c],
                None => vec![Color::White, Color::Black],
            };
            let parts: Vec<String> = colors
                .into_iter()
                .map(|c| {
                    let squares: Vec<String> = Square::ALL
                        .iter()
                        .filter(|&&sq| board.piece_at(sq).is_some_and(|p| p.color == c && p.role == role))
                        .map(|sq| sq.to_string())
                        .collect();
                    let who = format!("{} {}", c.fold("White", "Black"), piece_name(ruleset, role));
                    if squares.is_empty() { format!("{who}: none") } else { format!("{who}: {}", squares.join(", ")) }
                })
                .collect();
            parts.join(". ")
        }
    }
}

fn line(what: &str, occupied: &[String]) -> String {
    if occupied.is_empty() { format!("{what} is empty.") } else { format!("{what}: {}.", occupied.join(", ")) }
}
