//! A PGN file of one game or thousands, read a slice at a time so that the page is never
//! frozen by a large one: [`PgnFileReader::step`] reads about a budget of bytes and says
//! whether it is done, and the browser layer lets a frame pass between two steps. Only the
//! games' tags are kept; a game's moves are read again, from its place in the text, when it
//! is opened ([`PgnFile::game`]).

use shatar_rules::pgn::{PgnError, PgnGame, PgnReader, TextPos};

use crate::i18n::Lang;
use crate::notes::known_tag;
use crate::t;

/// About this many bytes of PGN are read in one step: a few milliseconds.
pub const STEP_BYTES: usize = 128 * 1024;

/// A file being read.
pub struct PgnFileReader {
    reader: PgnReader,
    games: Vec<FileGame>,
}

/// Where one game of a file stands, and its tags (for a picker and for names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileGame {
    pub tags: Vec<(String, String)>,
    span: core::ops::Range<usize>,
    at: TextPos,
    /// Its number in the file, from 1.
    pub number: usize,
}

/// What a step of reading left.
#[derive(Debug)]
pub enum Step {
    /// More to read: this many bytes of that many are read.
    More {
        read: usize,
        total: usize,
    },
    Done(PgnFile),
}

/// A file read: its text and where each game stands in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnFile {
    text: String,
    games: Vec<FileGame>,
}

impl PgnFileReader {
    pub fn new(text: &str) -> PgnFileReader {
        PgnFileReader {
            reader: PgnReader::new(text),
            games: Vec::new(),
        }
    }

    /// Reads games until about `budget` more bytes are read or the text ends. A syntax
    /// error ends the reading: the games after it cannot be found.
    pub fn step(&mut self, budget: usize) -> Result<Step, PgnError> {
        let until = self.reader.bytes_read().saturating_add(budget);
        while self.reader.bytes_read() < until {
            let Some(read) = self.reader.next_game()? else {
                let reader = core::mem::replace(&mut self.reader, PgnReader::new(""));
                return Ok(Step::Done(PgnFile {
                    games: core::mem::take(&mut self.games),
                    text: reader.into_text(),
                }));
            };
            self.games.push(FileGame {
                tags: read.game.tags,
                span: read.span,
                at: read.at,
                number: read.game.number,
            });
        }
        Ok(Step::More {
            read: self.reader.bytes_read(),
            total: self.reader.text().len(),
        })
    }

    /// Reads the whole text in one go: for tests and small texts.
    pub fn read_all(text: &str) -> Result<PgnFile, PgnError> {
        let mut reader = PgnFileReader::new(text);
        loop {
            if let Step::Done(file) = reader.step(usize::MAX)? {
                return Ok(file);
            }
        }
    }
}

impl PgnFile {
    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    pub fn games(&self) -> &[FileGame] {
        &self.games
    }

    /// The game `index` (from 0), read again from its place: its errors name the line and
    /// column of the whole file.
    pub fn game(&self, index: usize) -> Result<PgnGame, PgnError> {
        let g = &self.games[index];
        let mut reader = PgnReader::resume(&self.text[g.span.clone()], g.at, g.number - 1);
        Ok(reader
            .next_game()?
            .expect("a game was read from this text before")
            .game)
    }

    /// The text of the game `index` alone.
    pub fn game_text(&self, index: usize) -> &str {
        &self.text[self.games[index].span.clone()]
    }
}

impl FileGame {
    /// "3. Batbayar – Dorj, Club championship (1-0)": enough to find a game in a picker.
    pub fn title(&self, lang: Lang) -> String {
        let tag = |name| known_tag(&self.tags, name);
        let unknown = || t!(lang, "embed.unknown-player").to_string();
        let mut text = format!(
            "{}. {} – {}",
            self.number,
            tag("White").or_else(|| tag("Red")).unwrap_or_else(unknown),
            tag("Black").unwrap_or_else(unknown)
        );
        if let Some(event) = tag("Event") {
            text.push_str(&format!(", {event}"));
        }
        if let Some(result) = tag("Result").filter(|r| r != "*") {
            text.push_str(&format!(" ({result})"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[White \"Сарнай\"]\n[Black \"Туяа\"]\n[Event \"Open\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {a comment} 1-0\n\n[White \"A\"]\n\n1. d4 d5 *\n";

    #[test]
    fn reads_a_file_a_slice_at_a_time_to_the_same_games() {
        let whole = PgnFileReader::read_all(TWO).unwrap();
        assert_eq!(whole.len(), 2);
        // One byte a step: every game still read once, in order.
        let mut reader = PgnFileReader::new(TWO);
        let mut steps = 0;
        let file = loop {
            steps += 1;
            match reader.step(1).unwrap() {
                Step::Done(file) => break file,
                Step::More { read, total } => assert!(read <= total && total == TWO.len()),
            }
        };
        assert!(steps >= 2, "{steps}");
        assert_eq!(file, whole);
        assert_eq!(file.game(1).unwrap().tag("White"), Some("A"));
        assert_eq!(file.game(0).unwrap().moves[2].comments, ["a comment"]);
        assert!(file.game_text(1).starts_with("[White \"A\"]"));
        assert_eq!(
            file.games()[0].title(Lang::En),
            "1. Сарнай – Туяа, Open (1-0)"
        );
        assert_eq!(file.games()[1].title(Lang::En), "2. A – ?");
    }

    #[test]
    fn a_syntax_error_names_its_game_and_line() {
        let text = "1. e4 e5 *\n\n[White \"B\"]\n1. e4 {oops";
        let e = PgnFileReader::read_all(text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "PGN game 2 (B vs ?), line 4, column 7: a comment opened with '{' is never closed with '}'"
        );
    }
}
