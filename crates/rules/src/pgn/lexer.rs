//! The tokenizer: PGN text to tokens with their places.

use alloc::string::String;

use crate::outcome::GameResult;

use super::{PgnErrorKind, TextPos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    TagOpen,
    TagClose,
    Str(String),
    Symbol(String),
    MoveNumber,
    Nag(u8),
    Comment(String),
    Open,
    Close,
    Result(Option<GameResult>),
    Eof,
}

pub(super) struct Lexer {
    text: String,
    /// The byte offset of the next character.
    i: usize,
    /// The byte offset of the last token's first character.
    token_start: usize,
    line: u32,
    column: u32,
}

/// Letters and digits of any script (so the Chinese xiangqi notation, 炮二平五 or 馬８進７,
/// is one word), and the signs of SAN, ICCS (`H2-E2`) and WXF (`C2=5`, `+R+1`). The
/// full-width signs and `·` are the AXF's international direction signs as Chinese text
/// writes them. A `.` inside a word is read by the lexer itself (WXF `C2.5`).
fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            c,
            '_' | '+' | '#' | '=' | ':' | '-' | '/' | '·' | '＋' | '－' | '＝'
        )
}

/// Collapses runs of whitespace to one space and trims: comments are kept as prose, so
/// that rewrapping does not change them.
fn normalize_comment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // A ';' comment may hold a '}', which a written `{...}` comment cannot.
    for word in s.split_whitespace() {
        let word = &word.replace('}', ")");
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

impl Lexer {
    /// A lexer of `text`, whose first character stands at `at` of the text it was cut from.
    pub(super) fn new(text: &str, at: TextPos) -> Lexer {
        Lexer {
            text: String::from(text),
            i: 0,
            token_start: 0,
            line: at.line,
            column: at.column,
        }
    }

    pub(super) fn text(&self) -> &str {
        &self.text
    }

    pub(super) fn into_text(self) -> String {
        self.text
    }

    /// The bytes of the text the last token took, comments and strings with their marks.
    pub(super) fn token_span(&self) -> core::ops::Range<usize> {
        self.token_start..self.i
    }

    fn ahead(&self, k: usize) -> Option<char> {
        self.text[self.i..].chars().nth(k)
    }

    fn peek(&self) -> Option<char> {
        self.text[self.i..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else if c != '\u{feff}' {
            self.column += 1;
        }
        Some(c)
    }

    /// Whether the `.` at the cursor is followed by a single digit that ends the word.
    fn wxf_dot(&self) -> bool {
        self.ahead(1).is_some_and(|c| c.is_ascii_digit())
            && !self.ahead(2).is_some_and(|c| c == '.' || is_symbol_char(c))
    }

    pub(super) fn pos(&self) -> TextPos {
        TextPos {
            line: self.line,
            column: self.column,
        }
    }

    fn rest_of_line(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    pub(super) fn next(&mut self) -> Result<(Tok, TextPos), (PgnErrorKind, TextPos)> {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() || c == '\u{feff}' => {
                    self.bump();
                }
                // An escape line: '%' in the first column.
                Some('%') if self.column == 1 => {
                    self.rest_of_line();
                }
                _ => break,
            }
        }
        let at = self.pos();
        self.token_start = self.i;
        let Some(c) = self.bump() else {
            return Ok((Tok::Eof, at));
        };
        let tok = match c {
            '[' => Tok::TagOpen,
            ']' => Tok::TagClose,
            '(' => Tok::Open,
            ')' => Tok::Close,
            '*' => Tok::Result(None),
            ';' => Tok::Comment(normalize_comment(&self.rest_of_line())),
            '{' => {
                let mut s = String::new();
                loop {
                    match self.bump() {
                        None => return Err((PgnErrorKind::UnterminatedComment, at)),
                        Some('}') => break,
                        Some(c) => s.push(c),
                    }
                }
                Tok::Comment(normalize_comment(&s))
            }
            '"' => {
                let mut s = String::new();
                loop {
                    match self.bump() {
                        // A line break ends a tag's line: a string cannot hold one. A lone
                        // '\r' is one too (the writer could only turn it into a space).
                        None | Some('\n' | '\r') => {
                            return Err((PgnErrorKind::UnterminatedString, at));
                        }
                        Some('"') => break,
                        Some('\\') => match self.peek() {
                            Some(e @ ('"' | '\\')) => {
                                self.bump();
                                s.push(e);
                            }
                            _ => s.push('\\'),
                        },
                        Some(c) => s.push(c),
                    }
                }
                Tok::Str(s)
            }
            '$' => {
                let mut digits = String::from("$");
                while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                    digits.push(d);
                    self.bump();
                }
                match digits[1..].parse::<u8>() {
                    Ok(n) if digits.len() <= 4 => Tok::Nag(n),
                    _ => return Err((PgnErrorKind::BadNag(digits), at)),
                }
            }
            '!' | '?' => {
                let mut s = String::from(c);
                while let Some(d) = self.peek().filter(|&d| d == '!' || d == '?') {
                    s.push(d);
                    self.bump();
                }
                Tok::Nag(match s.as_str() {
                    "!" => 1,
                    "?" => 2,
                    "!!" => 3,
                    "??" => 4,
                    "!?" => 5,
                    "?!" => 6,
                    _ => return Err((PgnErrorKind::BadNag(s), at)),
                })
            }
            '.' => {
                // Stray dots ("1. ... e5"): as good as a move number.
                while self.peek() == Some('.') {
                    self.bump();
                }
                Tok::MoveNumber
            }
            c if is_symbol_char(c) => {
                let mut s = String::from(c);
                loop {
                    match self.peek() {
                        Some(d) if is_symbol_char(d) => {}
                        // WXF's traverse `C2.5`: a dot between a move's characters and
                        // one last digit. After digits alone it ends a move number (`1.`),
                        // a run of dots (`e4...`) is never inside a word, and neither is
                        // the dot of `e5.2.Nf3`, where a move number follows.
                        Some('.') if !s.chars().all(|c| c.is_ascii_digit()) && self.wxf_dot() => {}
                        _ => break,
                    }
                    s.push(self.bump().expect("peeked"));
                }
                match s.as_str() {
                    "1-0" => Tok::Result(Some(GameResult::WhiteWins)),
                    "0-1" => Tok::Result(Some(GameResult::BlackWins)),
                    "1/2-1/2" => Tok::Result(Some(GameResult::Draw)),
                    _ if s.chars().all(|c| c.is_ascii_digit()) => {
                        while self.peek() == Some('.') {
                            self.bump();
                        }
                        Tok::MoveNumber
                    }
                    _ => Tok::Symbol(s),
                }
            }
            c => return Err((PgnErrorKind::UnexpectedChar(c), at)),
        };
        Ok((tok, at))
    }
}
