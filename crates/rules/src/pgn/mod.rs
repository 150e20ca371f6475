//! PGN: read and write games, with comments, NAGs and variations.
//!
//! Reading is in two steps. [`parse_games`] turns text into [`PgnGame`]s, syntax trees of
//! tags and move text (SAN as written, comments, NAGs, nested variations, the result); it
//! knows no rules. Then [`PgnGame::replay`] plays a game's main line in the rules of `R`
//! into a [`GameRecord`](crate::GameRecord) and checks every variation's moves on the way. Because the
//! ruleset is a runtime value but [`Position`](crate::Position) is generic, callers either pick `R`
//! themselves or let [`PgnGame::replay_any`] choose it from [`PgnGame::ruleset`].
//!
//! # Which game a PGN holds
//! The `[Variant "..."]` tag names the game ([`PgnGame::game`], [`GameKind::from_pgn_variant`](crate::GameKind::from_pgn_variant)):
//! one of the 8x8 rulesets ([`Ruleset::from_pgn_variant`]: "Mongolian", "Mongolian Folk",
//! "Standard"/"Chess"), or xiangqi ("Xiangqi" or "Chinese Chess", in any case). A game
//! without a Variant tag is read in the ruleset the caller passes as its default: the site
//! passes `mongolian`, its default game; a chess tool passes `chess`. The writer always
//! writes the tag for the Mongolian rulesets and xiangqi and never for FIDE chess, so files
//! this crate writes read back the same under any default — except chess games read with a
//! Mongolian default, which is why the default is the caller's to choose.
//!
//! Xiangqi files from other programs follow the XQBase convention (中国象棋电脑应用规范,
//! PGN): no Variant tag but `[Game "Chinese Chess"]`, which is read as xiangqi too when
//! there is no Variant tag. Their `Red` tag stands in for `White` where errors name the
//! players.
//!
//! This module is the games' shared layer and knows no game's rules: each game's replay
//! lives with the game. An 8x8 game replays into a [`GameRecord`](crate::GameRecord)
//! ([`PgnGame::replay`], [`PgnGame::replay_any`], in `board8/replay.rs`); a xiangqi game
//! into a [`xiangqi::Record`](crate::xiangqi::Record) with
//! [`xiangqi::pgn::replay`](crate::xiangqi::pgn::replay), which reads moves in ICCS, WXF or
//! Chinese notation. A bad move or FEN tag is a [`GameError`], which holds the game's own
//! error. The 8x8 readers refuse a xiangqi game with an error that says so
//! ([`PgnErrorKind::IsXiangqi`]); callers that take both dispatch on [`PgnGame::game`]:
//!
//! ```
//! use shatar_rules::{pgn, GameKind};
//! use shatar_rules::{xiangqi, Ruleset};
//! let game = pgn::parse_game("[Variant \"Xiangqi\"]\n1. C2=5 H8+7 *").unwrap();
//! match game.game(Ruleset::Mongolian).unwrap() {
//!     GameKind::Board8(_) => unreachable!(),
//!     GameKind::Xiangqi => {
//!         let record = xiangqi::pgn::replay(&game, xiangqi::RepetitionRules::Axf2008).unwrap();
//!         assert_eq!(record.moves().len(), 2);
//!     }
//! }
//! assert!(game.replay_any(Ruleset::Mongolian).unwrap_err().to_string().contains("xiangqi::pgn::replay"));
//! ```
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

mod clk;
mod lexer;
mod parser;
mod tags;
mod writer;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::any::Any;
use core::fmt;

use crate::outcome::{GameResult, Outcome};

use crate::ruleset::{GameKind, Ruleset};
use crate::types::Color;

/// The deepest nesting of variations the reader accepts; deeper text is an error, so that
/// hostile input cannot exhaust the stack.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Lines of move text are at most this many characters. Exceptions: a single longer word
/// (a URL in a comment) gets a line of its own, and a comment word starting with `%` is
/// never put at the start of a line (it would read as an escape line). Tag lines are never
/// broken.
pub const LINE_WIDTH: usize = 80;

/// A draw offer (2017 art. 9.1.2.b: the scoresheet's `(=)` after the move it was made
/// with), written as this comment, `{(=)}`, right after the move and its annotations. A
/// comment because PGN has no other place for it: the bare `(=)` this crate wrote before
/// is a variation to every other reader (an empty one, or one whose move is `=`, which
/// pgn-extract and python-chess report as an error). The comment keeps the scoresheet's
/// mark as it is (`{=}` alone could read as an evaluation, `=` being NAG 10's glyph). The
/// reader takes the first such comment after a move, and the old `(=)`, as the offer.
pub const DRAW_OFFER_COMMENT: &str = "(=)";

/// The tag for how exactly a game ended ([`EndReason::description`](crate::EndReason::description):
/// "checkmate", "threefold repetition", "a bare king", "aborted"…), beside `Termination`,
/// which holds only the PGN standard's values
/// ([`EndReason::pgn_termination`](crate::EndReason::pgn_termination)). TCEC's name for
/// the same thing; other readers keep it as an unknown tag. Files written before it had the
/// description in `Termination` itself, and still read as they did.
pub const TERMINATION_DETAILS: &str = "TerminationDetails";

/// A place in the PGN text: line and column, both from 1, columns counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextPos {
    pub line: u32,
    pub column: u32,
}

/// One move of the move text, as written, with what is attached to it.
#[derive(Clone, Debug, Default)]
pub struct PgnMove {
    /// The move as written (English SAN, long form or UCI; for xiangqi ICCS, WXF or the
    /// Chinese notation); NAG marks like `!?` are split off into `nags`.
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
    /// The player offered a draw with this move: the 2017 scoresheet's `(=)` (art.
    /// 9.1.2.b), written as the comment `{(=)}` after it ([`DRAW_OFFER_COMMENT`]).
    pub draw_offer: bool,
    /// Where the move stands in the text it was read from (unused when writing).
    pub at: TextPos,
}

impl PgnMove {
    pub fn new(san: impl Into<String>) -> PgnMove {
        PgnMove {
            san: san.into(),
            ..PgnMove::default()
        }
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
        self.tags == o.tags
            && self.moves == o.moves
            && self.comments == o.comments
            && self.result == o.result
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
    /// The Variant tag names no game this crate knows.
    UnknownVariant(String),
    /// The game was replayed in a ruleset its Variant tag contradicts.
    VariantMismatch { variant: String, requested: Ruleset },
    /// The Variant tag (or the XQBase `Game` tag) says xiangqi, and the game was given to an
    /// 8x8 reader: [`xiangqi::pgn::replay`](crate::xiangqi::pgn::replay) reads it.
    IsXiangqi { variant: String },
    /// The game was replayed as xiangqi, but its Variant tag names an 8x8 ruleset.
    NotXiangqi { variant: String },
    /// The FEN tag does not hold a legal position of the game (the game's FEN error).
    BadFen(GameError),
    /// A move that is not legal, in no notation the game reads, or ambiguous. `side` is
    /// [`Color::White`] for Red in xiangqi; `game_kind` names the sides in the message.
    Move {
        game_kind: GameKind,
        number: u32,
        side: Color,
        san: String,
        in_variation: bool,
        error: GameError,
    },
    /// A move after the game had already ended by the rules (checkmate, stalemate, an
    /// automatic draw; in xiangqi a mate, no legal move, a repetition ruling, the natural
    /// move limit).
    AfterEnd {
        game_kind: GameKind,
        number: u32,
        side: Color,
        san: String,
        outcome: Outcome,
    },
    /// The result marker contradicts how the moves end the game.
    ResultMismatch {
        written: GameResult,
        outcome: Outcome,
    },
}

/// A game's own reason why a move or a FEN tag does not read (the 8x8 games' `SanError` or
/// `FenError`, Xiangqi's `MoveError` or its `FenError`), as that game's replay supplies it.
/// The PGN layer is syntax only: it holds any game's error without knowing its type, so that
/// it imports no game (the game's replay imports it). [`GameError::downcast_ref`] gives the
/// error back to a caller that knows the game.
pub struct GameError {
    error: Box<dyn DynGameError>,
    quotes_text: bool,
}

/// What [`GameError`] needs of a game's error, for any `Clone + PartialEq` error type.
trait DynGameError: core::error::Error + Send + Sync + 'static {
    fn clone_box(&self) -> Box<dyn DynGameError>;
    fn eq_dyn(&self, other: &dyn DynGameError) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl<E> DynGameError for E
where
    E: core::error::Error + Clone + PartialEq + Send + Sync + 'static,
{
    fn clone_box(&self) -> Box<dyn DynGameError> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn DynGameError) -> bool {
        other.as_any().downcast_ref::<E>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl GameError {
    /// A game's error. `quotes_text`: whether its message quotes the move as written;
    /// when it does not, the PGN error's message quotes it before the game's message.
    pub fn new<E>(error: E, quotes_text: bool) -> GameError
    where
        E: core::error::Error + Clone + PartialEq + Send + Sync + 'static,
    {
        GameError {
            error: Box::new(error),
            quotes_text,
        }
    }

    /// The game's error, if it is an `E`.
    pub fn downcast_ref<E: 'static>(&self) -> Option<&E> {
        self.error.as_any().downcast_ref()
    }

    /// Whether the game's message quotes the move as written.
    pub fn quotes_text(&self) -> bool {
        self.quotes_text
    }
}

impl Clone for GameError {
    fn clone(&self) -> Self {
        GameError {
            error: self.error.clone_box(),
            quotes_text: self.quotes_text,
        }
    }
}

impl PartialEq for GameError {
    fn eq(&self, o: &Self) -> bool {
        self.quotes_text == o.quotes_text && self.error.eq_dyn(&*o.error)
    }
}
impl Eq for GameError {}

impl fmt::Debug for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.error, f)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.error, f)
    }
}

impl core::error::Error for GameError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&*self.error)
    }
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
            PgnErrorKind::UnterminatedComment => {
                f.write_str("a comment opened with '{' is never closed with '}'")
            }
            PgnErrorKind::UnterminatedString => {
                f.write_str("a tag value is not closed with '\"' on its line")
            }
            PgnErrorKind::BadTag(why) => write!(f, "bad tag: {why}"),
            PgnErrorKind::UnexpectedChar(c) => {
                write!(f, "unexpected character '{}'", c.escape_debug())
            }
            PgnErrorKind::Unexpected(what) => write!(f, "unexpected {what}"),
            PgnErrorKind::UnclosedVariation => {
                f.write_str("a variation opened with '(' is never closed with ')'")
            }
            PgnErrorKind::UnmatchedParen => f.write_str("')' closes no variation"),
            PgnErrorKind::TooDeep => {
                write!(f, "variations nested more than {MAX_VARIATION_DEPTH} deep")
            }
            PgnErrorKind::BadNag(t) => write!(
                f,
                "'{t}' is not an annotation ($0 to $255, !, ?, !!, ??, !?, ?!)"
            ),
            PgnErrorKind::NothingToAnnotate(what) => write!(f, "{what} before any move"),
            PgnErrorKind::UnknownVariant(v) => write!(
                f,
                "unknown Variant \"{v}\" (expected \"Mongolian\", \"Mongolian Folk\", \"Standard\" or \"Xiangqi\")"
            ),
            PgnErrorKind::VariantMismatch { variant, requested } => {
                write!(
                    f,
                    "the Variant tag says \"{variant}\", but the game was read as {}",
                    requested.name()
                )
            }
            PgnErrorKind::IsXiangqi { variant } => write!(
                f,
                "the game is xiangqi (\"{variant}\"), which the 8x8 reader cannot play: \
                 read it with xiangqi::pgn::replay"
            ),
            PgnErrorKind::NotXiangqi { variant } => {
                write!(
                    f,
                    "the Variant tag says \"{variant}\", but the game was read as xiangqi"
                )
            }
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
            PgnErrorKind::Move {
                game_kind,
                number,
                side,
                san,
                in_variation,
                error,
            } => {
                let dots = side.fold(".", "...");
                write!(f, "move {number}{dots} ({}", game_kind.side_name(*side))?;
                if *in_variation {
                    f.write_str(", in a variation")?;
                }
                f.write_str("): ")?;
                // Some of the games' messages quote the move; the others get it here.
                if !error.quotes_text() {
                    write!(f, "'{san}': ")?;
                }
                write!(f, "{error}")
            }
            PgnErrorKind::AfterEnd {
                game_kind,
                number,
                side,
                san,
                outcome,
            } => write!(
                f,
                "move {number}{} ({}): '{san}' comes after the game has ended: {outcome}",
                side.fold(".", "..."),
                game_kind.side_name(*side)
            ),
            PgnErrorKind::ResultMismatch { written, outcome } => {
                write!(
                    f,
                    "the result {} contradicts the moves, which end the game {outcome}",
                    written.pgn()
                )
            }
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN game {}", self.game)?;
        if self.white.is_some() || self.black.is_some() {
            write!(
                f,
                " ({} vs {})",
                self.white.as_deref().unwrap_or("?"),
                self.black.as_deref().unwrap_or("?")
            )?;
        }
        if let Some(at) = self.at {
            write!(f, ", line {}, column {}", at.line, at.column)?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl core::error::Error for PgnError {}

pub use writer::write_games;

/// The calendar date (year, month, day) of a day counted from 1970-01-01, for a `Date`
/// tag. The caller reads the clock; this crate has none. (H. Hinnant's days-to-civil
/// algorithm, in eras of 400 years starting on 0000-03-01.)
pub fn civil_date(days_since_unix_epoch: i64) -> (i64, u32, u32) {
    let z = days_since_unix_epoch + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Reads every game of a PGN text (one or many). Syntax only: moves are checked by
/// [`PgnGame::replay`]. An empty text holds no games.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = PgnReader::new(text);
    let mut games = Vec::new();
    while let Some(read) = reader.next_game()? {
        games.push(read.game);
    }
    Ok(games)
}

/// Reads the games of a PGN text one at a time, saying where each stands in the text: a
/// file of thousands of games can be read a few games at a time (a page reads it between
/// frames), and a game cut out by its [`ReadGame::span`] read again later with
/// [`PgnReader::resume`], its places and number as in the whole file.
pub struct PgnReader {
    parser: parser::Parser,
}

/// One game read by a [`PgnReader`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    pub game: PgnGame,
    /// Its bytes in the reader's text: from its first tag (or move, or comment) to its
    /// result, or its last token when it has none.
    pub span: core::ops::Range<usize>,
    /// Where that first token stands.
    pub at: TextPos,
}

impl PgnReader {
    pub fn new(text: &str) -> PgnReader {
        PgnReader::resume(text, TextPos { line: 1, column: 1 }, 0)
    }

    /// A reader of `text`, a part of a larger text that starts at `at` of it, after
    /// `games_before` of its games: errors, places and games are numbered as in the whole.
    pub fn resume(text: &str, at: TextPos, games_before: usize) -> PgnReader {
        PgnReader {
            parser: parser::Parser::new(text, at, games_before),
        }
    }

    /// The text being read.
    pub fn text(&self) -> &str {
        self.parser.text()
    }

    /// How many bytes of the text have been read.
    pub fn bytes_read(&self) -> usize {
        self.parser.bytes_read()
    }

    /// The text being read, given back.
    pub fn into_text(self) -> String {
        self.parser.into_text()
    }

    /// The next game; `None` at the end of the text. After an error the reader cannot go
    /// on: the text's syntax is broken there.
    pub fn next_game(&mut self) -> Result<Option<ReadGame>, PgnError> {
        Ok(self.parser.parse_game()?.map(|p| ReadGame {
            game: p.game,
            span: p.span,
            at: p.at,
        }))
    }
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
            kind: Box::new(PgnErrorKind::Unexpected(
                "second game where one was expected",
            )),
        }),
    }
}
