//! Writing [`PgnGame`]s: tag order, move numbers, and lines wrapped at [`LINE_WIDTH`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::clock::DELAY_TAG;
use crate::fen;
use crate::moves::Move;
use crate::outcome::GameResult;
use crate::position::IllegalMove;
use crate::position::Position;
use crate::position::Rules;
use crate::record::GameRecord;
use crate::san;
use crate::types::Color;

use super::{DRAW_OFFER_COMMENT, LINE_WIDTH, PgnGame, PgnMove, TERMINATION_DETAILS};

/// The seven-tag roster (PGN standard 8.1.1), in order, with the values written for a
/// missing tag.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags written right after the roster, in this order, when present.
const AFTER_ROSTER: [&str; 7] = [
    "Variant",
    "FEN",
    "SetUp",
    "TimeControl",
    DELAY_TAG,
    "Termination",
    TERMINATION_DETAILS,
];

impl PgnGame {
    /// A game of the moves `moves` from `initial` (the main line, no comments), with the
    /// Variant tag of `R` (none for chess), and FEN + SetUp when `initial` is not the
    /// initial position. Other tags are the caller's to set.
    pub fn from_moves<R: Rules>(
        initial: &Position<R>,
        moves: &[Move],
    ) -> Result<PgnGame, IllegalMove> {
        let mut game = PgnGame::default();
        if let Some(v) = R::RULESET.pgn_variant() {
            game.set_tag("Variant", v);
        }
        if initial.to_setup() != Position::<R>::new().to_setup() {
            game.set_tag("FEN", fen::write(&initial.to_setup()));
            game.set_tag("SetUp", "1");
        }
        let mut pos = *initial;
        for &m in moves {
            let next = pos.play(m)?;
            game.moves.push(PgnMove::new(san::write(&pos, m)));
            pos = next;
        }
        Ok(game)
    }

    /// The game of a record: its moves and its result (see [`PgnGame::from_moves`]).
    pub fn from_record<R: Rules>(record: &GameRecord<R>) -> PgnGame {
        let mut game = PgnGame::from_moves(record.initial(), record.moves())
            .expect("a record holds legal moves only");
        game.result = record.outcome().map(|o| o.result);
        game
    }

    /// The PGN text: tags (the seven-tag roster in order, then Variant, FEN, SetUp,
    /// TimeControl, our TimeControlDelay, Termination, TerminationDetails, then the others as
    /// they come), a
    /// blank line, the move text wrapped at [`LINE_WIDTH`] and the result, and a final
    /// newline. The Result tag always repeats the result marker. A `}` inside a comment,
    /// which PGN cannot hold, is written as `)`. A draw offer is the comment `{(=)}` right
    /// after the move's annotations ([`DRAW_OFFER_COMMENT`]).
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (name, missing) in ROSTER {
            let value = if name == "Result" {
                result_str(self.result)
            } else {
                self.tag(name).unwrap_or(missing)
            };
            write_tag(&mut out, name, value);
        }
        for name in AFTER_ROSTER {
            match self.tag(name) {
                Some(v) => write_tag(&mut out, name, v),
                None if name == "SetUp" && self.tag("FEN").is_some() => {
                    write_tag(&mut out, name, "1")
                }
                None => {}
            }
        }
        for (name, value) in &self.tags {
            if !ROSTER.iter().any(|(n, _)| n == name) && !AFTER_ROSTER.contains(&name.as_str()) {
                write_tag(&mut out, name, value);
            }
        }
        out.push('\n');

        // The first move's number and side, from the FEN's second and sixth fields, which
        // an 8x8 and a Xiangqi FEN share: read as words, so that writing a record needs
        // neither game's FEN reader (the page's first build carries no Xiangqi code).
        let (number, turn) = self.tag("FEN").map_or((1, Color::White), first_move_of);
        let mut w = Wrapper {
            out: &mut out,
            words: Vec::new(),
            opens: 0,
        };
        if self.moves.is_empty() {
            for c in &self.comments {
                w.comment(c);
            }
        }
        write_line(&mut w, &self.moves, number, turn);
        w.word(result_str(self.result));
        w.finish();
        out.push('\n');
        out
    }
}

impl fmt::Display for PgnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write())
    }
}

/// Several games, one blank line apart.
pub fn write_games(games: &[PgnGame]) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&g.write());
    }
    out
}

fn result_str(r: Option<GameResult>) -> &'static str {
    r.map_or("*", GameResult::pgn)
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// Collects the words of the move text, then joins them with spaces into lines of at most
/// [`LINE_WIDTH`] characters. `(` is glued to the word after it and `)` to the word before,
/// so that the width counts them.
struct Wrapper<'a> {
    out: &'a mut String,
    words: Vec<String>,
    opens: usize,
}

impl Wrapper<'_> {
    fn word(&mut self, word: &str) {
        let mut w = String::with_capacity(word.len() + self.opens);
        for _ in 0..self.opens {
            w.push('(');
        }
        self.opens = 0;
        w.push_str(word);
        self.words.push(w);
    }

    fn open(&mut self) {
        self.opens += 1;
    }

    fn close(&mut self) {
        match self.words.last_mut() {
            Some(w) => w.push(')'),
            None => self.words.push(String::from(")")),
        }
    }

    fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.len() {
            0 => self.word("{}"),
            n => {
                for (i, w) in words.iter().enumerate() {
                    let mut piece = String::new();
                    if i == 0 {
                        piece.push('{');
                    }
                    piece.push_str(w);
                    if i + 1 == n {
                        piece.push('}');
                    }
                    self.word(&piece);
                }
            }
        }
    }

    fn finish(self) {
        let mut line_len = 0;
        for word in &self.words {
            let len = word.chars().count();
            // A '%' at the start of a line would make it an escape line: such a word (in a
            // comment) stays on its line, past the width.
            if line_len > 0 && line_len + 1 + len > LINE_WIDTH && !word.starts_with('%') {
                self.out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                self.out.push(' ');
                line_len += 1;
            }
            self.out.push_str(word);
            line_len += len;
        }
    }
}

fn write_line(w: &mut Wrapper<'_>, line: &[PgnMove], mut number: u32, mut turn: Color) {
    let mut need_number = true;
    for node in line {
        for c in &node.comments_before {
            w.comment(c);
            need_number = true;
        }
        match turn {
            Color::White => w.word(&alloc::format!("{number}.")),
            Color::Black if need_number => w.word(&alloc::format!("{number}...")),
            Color::Black => {}
        }
        w.word(&node.san);
        for n in &node.nags {
            w.word(&alloc::format!("${n}"));
        }
        need_number = false;
        if node.draw_offer {
            w.comment(DRAW_OFFER_COMMENT);
            need_number = true;
        }
        for c in &node.comments {
            w.comment(c);
            need_number = true;
        }
        for v in &node.variations {
            w.open();
            write_line(w, v, number, turn);
            w.close();
            need_number = true;
        }
        if turn == Color::Black {
            number = number.saturating_add(1);
        }
        turn = !turn;
    }
}

/// The number of the first move and the side that makes it, from a FEN's side-to-move and
/// fullmove fields (`w`/`r` or `b`; `1` when missing or unreadable).
fn first_move_of(fen: &str) -> (u32, Color) {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let turn = match fields.get(1) {
        Some(&"b") => Color::Black,
        _ => Color::White,
    };
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<u32>().ok())
        .map_or(1, |n| n.max(1));
    (number, turn)
}
