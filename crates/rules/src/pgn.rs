//! PGN: read and write games, with comments, NAGs and variations.
//!
//! Reading is in two steps. [`parse_games`] turns text into [`PgnGame`]s, syntax trees of
//! tags and move text (SAN as written, comments, NAGs, nested variations, the result); it
//! knows no rules. Then [`PgnGame::replay`] plays a game's main line in the rules of `R`
//! into a [`GameRecord`] and checks every variation's moves on the way. Because the
//! ruleset is a runtime value but [`Position`] is generic, callers either pick `R`
//! themselves or let [`PgnGame::replay_any`] choose it from [`PgnGame::ruleset`].
//!
//! # Which game a PGN holds
//! The `[Variant "..."]` tag names the ruleset ([`Ruleset::from_pgn_variant`]: "Mongolian",
//! "Mongolian Folk", "Standard"/"Chess"). A game without a Variant tag is read in the
//! ruleset the caller passes as its default: the site passes `mongolian`, its default game;
//! a chess tool passes `chess`. The writer always writes the tag for the Mongolian
//! rulesets and never for FIDE chess, so files this crate writes read back the same under
//! any default — except chess games read with a Mongolian default, which is why the
//! default is the caller's to choose.
//!
//! # Errors
//! Every error is a [`PgnError`] naming the game (its number in the file, and the White and
//! Black tags), the line and column, and for a bad move its number, side and text. The
//! reader never stops quietly at a bad move and never panics on any input (tested on
//! random and mutated text).
//!
//! ```
//! use shatar_rules::{pgn, Ruleset, GameResult};
//! let text = r#"[White "Батбаяр"]
//! [Black "王芳"]
//! [Variant "Mongolian"]
//!
//! 1. e4 e5 2. Nf3 {the horse} Nc6 (2... d6 $1) 3. Bc4 1-0"#;
//! let games = pgn::parse_games(text).unwrap();
//! assert_eq!(games[0].ruleset(Ruleset::Chess).unwrap(), Ruleset::Mongolian);
//! let record = games[0].replay::<shatar_rules::Mongolian>().unwrap();
//! assert_eq!(record.moves().len(), 5);
//! assert_eq!(record.outcome().unwrap().result, GameResult::WhiteWins);
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::any::AnyRecord;
use crate::fen::{self, FenError};
use crate::moves::Move;
use crate::outcome::{EndReason, GameResult, Outcome};
use crate::position::{IllegalMove, Position, Rules};
use crate::record::{GameRecord, PlayError};
use crate::ruleset::Ruleset;
use crate::san::{self, SanError};
use crate::types::Color;

/// The deepest nesting of variations the reader accepts; deeper text is an error, so that
/// hostile input cannot exhaust the stack.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Lines of move text are at most this many characters. Exceptions: a single longer word
/// (a URL in a comment) gets a line of its own, and a comment word starting with `%` is
/// never put at the start of a line (it would read as an escape line). Tag lines are never
/// broken.
pub const LINE_WIDTH: usize = 80;

/// A place in the PGN text: line and column, both from 1, columns counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextPos {
    pub line: u32,
    pub column: u32,
}

/// One move of the move text, as written, with what is attached to it.
#[derive(Clone, Debug, Default)]
pub struct PgnMove {
    /// The move as written (English SAN, long form or UCI); NAG marks like `!?` are split
    /// off into `nags`.
    pub san: String,
    /// Comments before the move: only at the start of a line (a variation, or the game).
    pub comments_before: Vec<String>,
    /// Numeric annotation glyphs: `$1`, and `!` = 1, `?` = 2, `!!` = 3, `??` = 4,
    /// `!?` = 5, `?!` = 6.
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line starting in the position before it.
    pub variations: Vec<Vec<PgnMove>>,
    /// The player offered a draw with this move, written `(=)` after it as on the 2017
    /// scoresheet (art. 9.1.2.b).
    pub draw_offer: bool,
    /// Where the move stands in the text it was read from (unused when writing).
    pub at: TextPos,
}

impl PgnMove {
    pub fn new(san: impl Into<String>) -> PgnMove {
        PgnMove { san: san.into(), ..PgnMove::default() }
    }
}

/// Equality of content: the text position is ignored.
impl PartialEq for PgnMove {
    fn eq(&self, o: &Self) -> bool {
        self.san == o.san
            && self.comments_before == o.comments_before
            && self.nags == o.nags
            && self.comments == o.comments
            && self.variations == o.variations
            && self.draw_offer == o.draw_offer
    }
}
impl Eq for PgnMove {}

/// One game of a PGN file: the syntax tree, before any rules are applied.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// Tags in the order read.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// Comments of a game without moves (otherwise comments belong to moves).
    pub comments: Vec<String>,
    /// The game termination marker; `None` for `*` (or none written).
    pub result: Option<GameResult>,
    /// The game's number in the file it was read from, from 1 (0 if built in code).
    pub number: usize,
}

/// Equality of content: tags, moves, comments and result; not the number in the file.
impl PartialEq for PgnGame {
    fn eq(&self, o: &Self) -> bool {
        self.tags == o.tags && self.moves == o.moves && self.comments == o.comments && self.result == o.result
    }
}
impl Eq for PgnGame {}

/// What went wrong, without the where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A `{` comment without its `}`.
    UnterminatedComment,
    /// A tag value without its closing `"` on the same line.
    UnterminatedString,
    /// A malformed tag pair; the reason says what is missing.
    BadTag(&'static str),
    /// A character that has no place in PGN.
    UnexpectedChar(char),
    /// A token out of place, described.
    Unexpected(&'static str),
    /// A `(` without its `)`.
    UnclosedVariation,
    /// A `)` without a `(`.
    UnmatchedParen,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    TooDeep,
    /// A `$` without a number 0-255, or a run of `!`/`?` that is no annotation.
    BadNag(String),
    /// A NAG or a variation before any move of its line.
    NothingToAnnotate(&'static str),
    /// The Variant tag names no ruleset this crate knows.
    UnknownVariant(String),
    /// The game was replayed in a ruleset its Variant tag contradicts.
    VariantMismatch { variant: String, requested: Ruleset },
    /// The FEN tag does not hold a legal position of the game.
    BadFen(FenError),
    /// A move that is not legal (or not a move at all, or ambiguous).
    Move { number: u32, side: Color, san: String, in_variation: bool, error: SanError },
    /// A move after the game had already ended by the rules (checkmate, stalemate, or an
    /// automatic draw).
    AfterEnd { number: u32, side: Color, san: String, outcome: Outcome },
    /// The result marker contradicts how the moves end the game.
    ResultMismatch { written: GameResult, outcome: Outcome },
}

/// A PGN error: which game, where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The White and Black tags, when the error comes after them.
    pub white: Option<String>,
    pub black: Option<String>,
    pub at: Option<TextPos>,
    /// Boxed: keeps `Result<_, PgnError>` small on the happy path.
    pub kind: Box<PgnErrorKind>,
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::UnterminatedComment => f.write_str("a comment opened with '{' is never closed with '}'"),
            PgnErrorKind::UnterminatedString => f.write_str("a tag value is not closed with '\"' on its line"),
            PgnErrorKind::BadTag(why) => write!(f, "bad tag: {why}"),
            PgnErrorKind::UnexpectedChar(c) => write!(f, "unexpected character '{}'", c.escape_debug()),
            PgnErrorKind::Unexpected(what) => write!(f, "unexpected {what}"),
            PgnErrorKind::UnclosedVariation => f.write_str("a variation opened with '(' is never closed with ')'"),
            PgnErrorKind::UnmatchedParen => f.write_str("')' closes no variation"),
            PgnErrorKind::TooDeep => write!(f, "variations nested more than {MAX_VARIATION_DEPTH} deep"),
            PgnErrorKind::BadNag(t) => write!(f, "'{t}' is not an annotation ($0 to $255, !, ?, !!, ??, !?, ?!)"),
            PgnErrorKind::NothingToAnnotate(what) => write!(f, "{what} before any move"),
            PgnErrorKind::UnknownVariant(v) => {
                write!(f, "unknown Variant \"{v}\" (expected \"Mongolian\", \"Mongolian Folk\" or \"Standard\")")
            }
            PgnErrorKind::VariantMismatch { variant, requested } => {
                write!(f, "the Variant tag says \"{variant}\", but the game was read as {}", requested.name())
            }
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
            PgnErrorKind::Move { number, side, san: _, in_variation, error } => {
                let dots = side.fold(".", "...");
                write!(f, "move {number}{dots} ({}", side.name())?;
                if *in_variation {
                    f.write_str(", in a variation")?;
                }
                write!(f, "): {error}")
            }
            PgnErrorKind::AfterEnd { number, side, san, outcome } => write!(
                f,
                "move {number}{} ({}): '{san}' comes after the game has ended: {outcome}",
                side.fold(".", "..."),
                side.name()
            ),
            PgnErrorKind::ResultMismatch { written, outcome } => {
                write!(f, "the result {} contradicts the moves, which end the game {outcome}", written.pgn())
            }
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN game {}", self.game)?;
        if self.white.is_some() || self.black.is_some() {
            write!(f, " ({} vs {})", self.white.as_deref().unwrap_or("?"), self.black.as_deref().unwrap_or("?"))?;
        }
        if let Some(at) = self.at {
            write!(f, ", line {}, column {}", at.line, at.column)?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl core::error::Error for PgnError {}

// ---------------------------------------------------------------------------------------
// Reading: the tokenizer.

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
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

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: u32,
    column: u32,
}

fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '+' | '#' | '=' | ':' | '-' | '/')
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
    fn new(text: &str) -> Lexer {
        Lexer { chars: text.chars().collect(), i: 0, line: 1, column: 1 }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else if c != '\u{feff}' {
            self.column += 1;
        }
        Some(c)
    }

    fn pos(&self) -> TextPos {
        TextPos { line: self.line, column: self.column }
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

    fn next(&mut self) -> Result<(Tok, TextPos), (PgnErrorKind, TextPos)> {
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
                        None | Some('\n') => return Err((PgnErrorKind::UnterminatedString, at)),
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
                while let Some(d) = self.peek().filter(|&d| is_symbol_char(d)) {
                    s.push(d);
                    self.bump();
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

// ---------------------------------------------------------------------------------------
// Reading: the parser.

struct Parser {
    lex: Lexer,
    peeked: Option<(Tok, TextPos)>,
    game: usize,
    white: Option<String>,
    black: Option<String>,
}

enum LineEnd {
    Result(Option<GameResult>),
    /// End of text, or a `[` starting the next game, without a result marker.
    Missing,
    Close,
}

impl Parser {
    fn error(&self, kind: PgnErrorKind, at: TextPos) -> PgnError {
        PgnError {
            game: self.game,
            white: self.white.clone(),
            black: self.black.clone(),
            at: Some(at),
            kind: Box::new(kind),
        }
    }

    fn next(&mut self) -> Result<(Tok, TextPos), PgnError> {
        if let Some(t) = self.peeked.take() {
            return Ok(t);
        }
        self.lex.next().map_err(|(kind, at)| self.error(kind, at))
    }

    fn peek(&mut self) -> Result<&Tok, PgnError> {
        if self.peeked.is_none() {
            let t = self.next()?;
            self.peeked = Some(t);
        }
        Ok(&self.peeked.as_ref().expect("just filled").0)
    }

    fn parse_tag(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        self.next()?; // the '['
        let (name, at) = self.next()?;
        let name = match name {
            Tok::Symbol(n) if n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => n,
            _ => {
                return Err(
                    self.error(PgnErrorKind::BadTag("'[' must be followed by a tag name (letters, digits, '_')"), at)
                );
            }
        };
        let (value, at) = self.next()?;
        let Tok::Str(value) = value else {
            return Err(self.error(PgnErrorKind::BadTag("the tag value must be a string in double quotes"), at));
        };
        let (close, at) = self.next()?;
        if close != Tok::TagClose {
            return Err(self.error(PgnErrorKind::BadTag("the tag is not closed with ']'"), at));
        }
        match name.as_str() {
            "White" => self.white = Some(value.clone()),
            "Black" => self.black = Some(value.clone()),
            _ => {}
        }
        game.tags.push((name, value));
        Ok(())
    }

    /// Reads moves until the end of the line: a result, `)` (in a variation), the next
    /// game's tags or the end of the text. Returns the moves and any comments that found
    /// no move to belong to.
    fn parse_line(&mut self, depth: usize) -> Result<(Vec<PgnMove>, Vec<String>, LineEnd), PgnError> {
        let mut moves: Vec<PgnMove> = Vec::new();
        let mut pending: Vec<String> = Vec::new();
        loop {
            if depth == 0 && *self.peek()? == Tok::TagOpen {
                return Ok((moves, pending, LineEnd::Missing));
            }
            let (tok, at) = self.next()?;
            match tok {
                Tok::Symbol(san) => moves.push(PgnMove {
                    san,
                    comments_before: core::mem::take(&mut pending),
                    at,
                    ..PgnMove::default()
                }),
                Tok::MoveNumber => {}
                Tok::Nag(n) => match moves.last_mut() {
                    Some(m) => m.nags.push(n),
                    None => return Err(self.error(PgnErrorKind::NothingToAnnotate("an annotation"), at)),
                },
                Tok::Comment(c) => match moves.last_mut() {
                    Some(m) => m.comments.push(c),
                    None => pending.push(c),
                },
                Tok::Open => {
                    if moves.is_empty() {
                        return Err(self.error(PgnErrorKind::NothingToAnnotate("a variation"), at));
                    }
                    if depth + 1 > MAX_VARIATION_DEPTH {
                        return Err(self.error(PgnErrorKind::TooDeep, at));
                    }
                    let (line, _orphans, end) = self.parse_line(depth + 1)?;
                    if !matches!(end, LineEnd::Close) {
                        return Err(self.error(PgnErrorKind::UnclosedVariation, at));
                    }
                    let last = moves.last_mut().expect("checked above");
                    if let [only] = &line[..]
                        && only.san == "="
                        && *only == PgnMove::new("=")
                    {
                        // `(=)`: a draw offer (2017 art. 9.1.2.b), not a variation.
                        last.draw_offer = true;
                    } else if !line.is_empty() {
                        // A variation without moves says nothing: dropped, with any comment in it.
                        last.variations.push(line);
                    }
                }
                Tok::Close if depth > 0 => return Ok((moves, pending, LineEnd::Close)),
                Tok::Close => return Err(self.error(PgnErrorKind::UnmatchedParen, at)),
                Tok::Result(r) if depth == 0 => return Ok((moves, pending, LineEnd::Result(r))),
                Tok::Eof if depth == 0 => return Ok((moves, pending, LineEnd::Missing)),
                // A result, the end or new tags inside a variation: its ')' is missing.
                Tok::Result(_) | Tok::Eof | Tok::TagOpen => return Ok((moves, pending, LineEnd::Missing)),
                Tok::Str(_) => return Err(self.error(PgnErrorKind::Unexpected("string outside a tag"), at)),
                Tok::TagClose => return Err(self.error(PgnErrorKind::Unexpected("']' outside a tag"), at)),
            }
        }
    }

    fn parse_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        if *self.peek()? == Tok::Eof {
            return Ok(None);
        }
        self.game += 1;
        self.white = None;
        self.black = None;
        let mut game = PgnGame { number: self.game, ..PgnGame::default() };
        while *self.peek()? == Tok::TagOpen {
            self.parse_tag(&mut game)?;
        }
        let (moves, orphans, end) = self.parse_line(0)?;
        game.moves = moves;
        game.comments = orphans;
        game.result = match end {
            LineEnd::Result(r) => r,
            LineEnd::Missing | LineEnd::Close => None,
        };
        let nothing = game.tags.is_empty() && game.moves.is_empty() && matches!(end, LineEnd::Missing);
        if nothing {
            // Only comments (or nothing) after the last game: no game.
            self.game -= 1;
            return Ok(None);
        }
        Ok(Some(game))
    }
}

/// Reads every game of a PGN text (one or many). Syntax only: moves are checked by
/// [`PgnGame::replay`]. An empty text holds no games.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut parser = Parser { lex: Lexer::new(text), peeked: None, game: 0, white: None, black: None };
    let mut games = Vec::new();
    while let Some(game) = parser.parse_game()? {
        games.push(game);
    }
    Ok(games)
}

/// Reads a text that must hold exactly one game (a game without tags or moves, such as
/// `*`, counts).
pub fn parse_game(text: &str) -> Result<PgnGame, PgnError> {
    let mut games = parse_games(text)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        0 => Err(PgnError {
            game: 1,
            white: None,
            black: None,
            at: None,
            kind: Box::new(PgnErrorKind::Unexpected("end: no game")),
        }),
        _ => Err(PgnError {
            game: 2,
            white: games[1].tag("White").map(Into::into),
            black: games[1].tag("Black").map(Into::into),
            at: games[1].moves.first().map(|m| m.at),
            kind: Box::new(PgnErrorKind::Unexpected("second game where one was expected")),
        }),
    }
}

// ---------------------------------------------------------------------------------------
// Replaying.

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first of that name or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.into(), value)),
        }
    }

    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|(n, _)| n != name);
    }

    fn error(&self, kind: PgnErrorKind, at: Option<TextPos>) -> PgnError {
        PgnError {
            game: self.number.max(1),
            white: self.tag("White").map(Into::into),
            black: self.tag("Black").map(Into::into),
            at,
            kind: Box::new(kind),
        }
    }

    /// The ruleset of the game: its Variant tag, or `default` without one (see the module
    /// docs: the site passes `mongolian`).
    pub fn ruleset(&self, default: Ruleset) -> Result<Ruleset, PgnError> {
        match self.tag("Variant") {
            None => Ok(default),
            Some(v) => {
                Ruleset::from_pgn_variant(v).ok_or_else(|| self.error(PgnErrorKind::UnknownVariant(v.into()), None))
            }
        }
    }

    /// The start position: the FEN tag's, or the initial one.
    pub fn initial_position<R: Rules>(&self) -> Result<Position<R>, PgnError> {
        match self.tag("FEN") {
            Some(f) => fen::parse_position::<R>(f).map_err(|e| self.error(PgnErrorKind::BadFen(e), None)),
            None => Ok(Position::new()),
        }
    }

    /// Plays the main line in the rules of `R` into a [`GameRecord`], checking the moves
    /// of every variation too. The first bad move is an error naming it. A Variant tag that
    /// names another ruleset is an error; without the tag any `R` is accepted.
    ///
    /// The result marker becomes the record's outcome when the moves do not end the game
    /// themselves: `1-0`/`0-1` as a resignation and `1/2-1/2` as a draw by agreement (PGN
    /// does not say more). When they do (a mate, an automatic draw), the marker must agree.
    pub fn replay<R: Rules>(&self) -> Result<GameRecord<R>, PgnError> {
        if let Some(v) = self.tag("Variant") {
            let r = self.ruleset(R::RULESET)?;
            if r != R::RULESET {
                return Err(
                    self.error(PgnErrorKind::VariantMismatch { variant: v.into(), requested: R::RULESET }, None)
                );
            }
        }
        let initial = self.initial_position::<R>()?;
        let mut record = GameRecord::new(initial);
        let mut pos = initial;
        for node in &self.moves {
            for line in &node.variations {
                self.check_line(&pos, line)?;
            }
            if let Some(outcome) = record.outcome() {
                let kind = PgnErrorKind::AfterEnd {
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    san: node.san.clone(),
                    outcome,
                };
                return Err(self.error(kind, Some(node.at)));
            }
            let m = self.parse_move(&pos, node, false)?;
            match record.play(m) {
                Ok(()) => {}
                Err(PlayError::GameOver(outcome)) => {
                    return Err(self.error(
                        PgnErrorKind::AfterEnd {
                            number: pos.fullmoves(),
                            side: pos.turn(),
                            san: node.san.clone(),
                            outcome,
                        },
                        Some(node.at),
                    ));
                }
                Err(PlayError::Illegal(_)) => {
                    let error = SanError::Illegal {
                        text: node.san.clone(),
                        reason: String::from("the game record refused it"),
                    };
                    let kind = PgnErrorKind::Move {
                        number: pos.fullmoves(),
                        side: pos.turn(),
                        san: node.san.clone(),
                        in_variation: false,
                        error,
                    };
                    return Err(self.error(kind, Some(node.at)));
                }
            }
            pos = *record.position();
        }
        match (self.result, record.outcome()) {
            (Some(written), Some(outcome)) if written != outcome.result => {
                let at = self.moves.last().map(|m| m.at);
                return Err(self.error(PgnErrorKind::ResultMismatch { written, outcome }, at));
            }
            (Some(GameResult::Draw), None) => record.set_outcome(Outcome::draw(EndReason::Agreement)),
            (Some(GameResult::WhiteWins), None) => {
                record.set_outcome(Outcome::win(Color::White, EndReason::Resignation))
            }
            (Some(GameResult::BlackWins), None) => {
                record.set_outcome(Outcome::win(Color::Black, EndReason::Resignation))
            }
            _ => {}
        }
        Ok(record)
    }

    /// [`PgnGame::replay`] in the game's own ruleset ([`PgnGame::ruleset`] with `default`).
    pub fn replay_any(&self, default: Ruleset) -> Result<AnyRecord, PgnError> {
        Ok(match self.ruleset(default)? {
            Ruleset::Mongolian => AnyRecord::Mongolian(self.replay()?),
            Ruleset::MongolianFolk => AnyRecord::MongolianFolk(self.replay()?),
            Ruleset::Chess => AnyRecord::Chess(self.replay()?),
        })
    }

    fn parse_move<R: Rules>(&self, pos: &Position<R>, node: &PgnMove, in_variation: bool) -> Result<Move, PgnError> {
        san::parse(pos, &node.san).map_err(|error| {
            self.error(
                PgnErrorKind::Move {
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    san: node.san.clone(),
                    in_variation,
                    error,
                },
                Some(node.at),
            )
        })
    }

    fn check_line<R: Rules>(&self, start: &Position<R>, line: &[PgnMove]) -> Result<(), PgnError> {
        let mut pos = *start;
        for node in line {
            for v in &node.variations {
                self.check_line(&pos, v)?;
            }
            let m = self.parse_move(&pos, node, true)?;
            pos.play_unchecked(m);
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Writing.

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
const AFTER_ROSTER: [&str; 5] = ["Variant", "FEN", "SetUp", "TimeControl", "Termination"];

impl PgnGame {
    /// A game of the moves `moves` from `initial` (the main line, no comments), with the
    /// Variant tag of `R` (none for chess), and FEN + SetUp when `initial` is not the
    /// initial position. Other tags are the caller's to set.
    pub fn from_moves<R: Rules>(initial: &Position<R>, moves: &[Move]) -> Result<PgnGame, IllegalMove> {
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
        let mut game = PgnGame::from_moves(record.initial(), record.moves()).expect("a record holds legal moves only");
        game.result = record.outcome().map(|o| o.result);
        game
    }

    /// The PGN text: tags (the seven-tag roster in order, then Variant, FEN, SetUp,
    /// TimeControl, Termination, then the others as they come), a blank line, the move
    /// text wrapped at [`LINE_WIDTH`] and the result, and a final newline. The Result tag
    /// always repeats the result marker. A `}` inside a comment, which PGN cannot hold, is
    /// written as `)`.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (name, missing) in ROSTER {
            let value = if name == "Result" { result_str(self.result) } else { self.tag(name).unwrap_or(missing) };
            write_tag(&mut out, name, value);
        }
        for name in AFTER_ROSTER {
            match self.tag(name) {
                Some(v) => write_tag(&mut out, name, v),
                None if name == "SetUp" && self.tag("FEN").is_some() => write_tag(&mut out, name, "1"),
                None => {}
            }
        }
        for (name, value) in &self.tags {
            if !ROSTER.iter().any(|(n, _)| n == name) && !AFTER_ROSTER.contains(&name.as_str()) {
                write_tag(&mut out, name, value);
            }
        }
        out.push('\n');

        let (number, turn) = self
            .tag("FEN")
            .and_then(|f| fen::parse(f).ok())
            .map_or((1, Color::White), |s| (s.fullmoves.max(1), s.turn));
        let mut w = Wrapper { out: &mut out, words: Vec::new(), opens: 0 };
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
        if node.draw_offer {
            w.word("(=)");
        }
        need_number = false;
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
