//! PGN for xiangqi: reading a [`PgnGame`] into a [`Record`], and writing a record as PGN.
//!
//! # Which games are xiangqi
//! `[Variant "Xiangqi"]` (or "Chinese Chess", in any case), which is what this module
//! writes; files in the XQBase convention (中国象棋电脑应用规范, PGN) carry
//! `[Game "Chinese Chess"]` instead, which is read as xiangqi when there is no Variant tag
//! ([`PgnGame::game`]). [`replay`] reads a game without either tag as xiangqi too: the
//! caller has said it is one.
//!
//! # Reading
//! The start is the `FEN` tag (a xiangqi FEN, [`fen`]; `[SetUp "1"]` may come with it) or
//! the initial position. Each move may be written in any of the three notations, mixed
//! freely; which one a word is in follows from its form alone ([`Notation::detect`]), so
//! no order of trying can be ambiguous:
//! 1. exactly two points, `h2e2` or `H2-E2` (the original ICCS form the XQBase files use):
//!    ICCS, [`iccs`];
//! 2. any character beyond ASCII (炮二平五, 馬８進７, 炮2·5): the Chinese notation, with
//!    traditional characters and full-width digits, [`chinese`];
//! 3. a WXF piece letter (`K A E H R C P`, also `B N`, either case), `+`, `-` or a digit
//!    1-5 first (`C2=5`, `C2.5`, `+R+1`, `2P5=4`): WXF, [`wxf`].
//!
//! A `+` or `#` after a complete move, as some files mark a check, is dropped. The
//! `[Format "ICCS" | "WXF" | "Chinese"]` tag of XQBase files is not needed; a word of none
//! of the three forms gets the named reader's error, and without the tag an error saying it
//! is in no notation. The readers' own messages come through in [`MoveError`].
//!
//! The result marker becomes the record's outcome as for the 8x8 games
//! ([`PgnGame::replay`]): when the moves end the game (a mate, no legal move, a repetition
//! ruling, the natural move limit) the marker must agree; otherwise `1-0`/`0-1` is read as
//! a resignation and `1/2-1/2` as a draw by agreement, or as a flag fall if the
//! `Termination` tag says "time forfeit".
//!
//! # Which repetition rules
//! PGN has no tag for the text that judges repetitions, and neither the XQBase convention
//! nor any other in use adds one, so [`replay`] takes the [`RepetitionRules`] from the
//! caller, who knows the event (an AXF tournament, a 1956-rules club). A game may then read
//! differently under the two texts: a cycle forbidden under 1956 but allowed under AXF
//! ends the game under one and not the other, and a result that contradicts the chosen
//! text's ruling is an error.
//!
//! # Writing
//! [`from_record`] and [`write()`]: `[Variant "Xiangqi"]`, `FEN` and `SetUp` when the start
//! is not the initial position, the XQBase `Format` tag naming the [`Notation`], the
//! result, and for every ending but a resignation and a draw by agreement (which a reader
//! assumes without them) a `Termination` tag with the PGN standard's value
//! ([`EndReason::pgn_termination`]) and a `TerminationDetails` tag with the reason
//! ([`EndReason::description`]). A repetition
//! ruling's sentence goes into a comment after the last move. The seven-tag roster keeps
//! PGN's `White` for Red.
//!
//! ```
//! use shatar_rules::pgn;
//! use shatar_rules::xiangqi::pgn::{self as xpgn, Notation};
//! use shatar_rules::xiangqi::{Record, RepetitionRules};
//! use shatar_rules::{EndReason, GameResult};
//!
//! // Chinese notation with traditional characters and full-width digits, an ICCS move
//! // and a WXF move in one game.
//! let text = "[Game \"Chinese Chess\"]\n[Red \"許銀川\"]\n\n1. 炮二平五 馬８進７ 2. H0-G2 R9=8 1-0";
//! let game = pgn::parse_game(text).unwrap();
//! let record: Record = xpgn::replay(&game, RepetitionRules::Axf2008).unwrap();
//! assert_eq!(record.moves().len(), 4);
//! assert_eq!(record.outcome().unwrap().reason, EndReason::Resignation);
//!
//! let written = xpgn::write(&record, Notation::Chinese, &[("White", "许银川")]);
//! assert!(written.contains("[Variant \"Xiangqi\"]"));
//! assert!(written.ends_with("\n\n1. 炮二平五 马8进7 2. 傌二进三 车9平8 1-0\n"));
//! let again = xpgn::replay(&pgn::parse_game(&written).unwrap(), RepetitionRules::Axf2008).unwrap();
//! assert_eq!(again.moves(), record.moves());
//! assert_eq!(again.outcome().unwrap().result, GameResult::WhiteWins);
//! ```

use alloc::string::String;
use core::fmt;

use super::record::{PlayError, Record};
use super::rulings::RepetitionRules;
use super::{IllegalMove, Move, Position, chinese, fen, iccs, wxf};
use crate::GameKind;
use crate::outcome::{EndReason, Outcome};
use crate::pgn::{GameError, PgnError, PgnErrorKind, PgnGame, PgnMove};
use crate::ruleset::Ruleset;

/// The Variant tag this module writes.
pub const VARIANT: &str = "Xiangqi";

pub use crate::ruleset::names_xiangqi;

/// The notation moves are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Coordinates, `h2e2` ([`iccs`]).
    Iccs,
    /// The World Xiangqi Federation's notation, `C2=5` ([`wxf`]): the default, read by
    /// players of every language.
    #[default]
    Wxf,
    /// The traditional Chinese notation, `炮二平五` ([`chinese`]), in simplified characters.
    Chinese,
}

impl Notation {
    pub const ALL: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

    /// The value of the XQBase `Format` tag.
    pub const fn format_tag(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }

    /// Reads a `Format` tag value, case-insensitively: "ICCS", "WXF" (or "AXF", as the
    /// older WXF file format draft calls it), "Chinese".
    pub fn from_format_tag(value: &str) -> Option<Notation> {
        let v = value.trim();
        let is = |name: &str| v.eq_ignore_ascii_case(name);
        if is("ICCS") {
            Some(Notation::Iccs)
        } else if is("WXF") || is("AXF") {
            Some(Notation::Wxf)
        } else if is("Chinese") {
            Some(Notation::Chinese)
        } else {
            None
        }
    }

    /// Writes `m`, a legal move of `pos`.
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Iccs => alloc::format!("{m}"),
            Notation::Wxf => wxf::write(pos, m),
            Notation::Chinese => chinese::write(pos, m),
        }
    }

    /// The notation a move is written in, by its form alone (see the module docs); `None`
    /// for a word of no notation's form.
    pub fn detect(text: &str) -> Option<Notation> {
        let text = text.trim();
        if iccs::parse(text).is_ok() {
            Some(Notation::Iccs)
        } else if !text.is_ascii() {
            Some(Notation::Chinese)
        } else if text.starts_with(|c: char| "KAEHRCPBNkaehrcpbn+-12345".contains(c)) {
            Some(Notation::Wxf)
        } else {
            None
        }
    }
}

/// Why a xiangqi move could not be read: the error of the reader of the notation it is
/// written in, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Iccs(iccs::IccsError),
    Wxf(wxf::NotationError),
    Chinese(chinese::NotationError),
    /// The text has the form of no notation (and no `Format` tag names one).
    Unknown(String),
}

impl MoveError {
    /// Whether the message quotes the move as written (else the PGN error quotes it:
    /// [`GameError::quotes_text`]).
    pub(crate) fn quotes_text(&self) -> bool {
        use chinese::NotationError as Zh;
        use wxf::NotationError as Wx;
        matches!(
            self,
            MoveError::Unknown(_)
                | MoveError::Wxf(Wx::NoSuchMove(_) | Wx::Ambiguous(_))
                | MoveError::Chinese(Zh::Form(_) | Zh::NoSuchMove(_) | Zh::Ambiguous(_))
        )
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Iccs(e) => write!(f, "{e}"),
            MoveError::Wxf(e) => write!(f, "{e}"),
            MoveError::Chinese(e) => write!(f, "{e}"),
            MoveError::Unknown(s) => {
                write!(
                    f,
                    "'{s}' is not a move in ICCS (h2e2, H2-E2), WXF (C2=5) or Chinese notation (炮二平五)"
                )
            }
        }
    }
}

impl core::error::Error for MoveError {}

/// Drops the `+` or `#` some files write after a move that checks: only after a complete
/// move, whose last character is a digit or a Chinese numeral.
fn strip_check_marks(text: &str) -> &str {
    let bare = text.trim_end_matches(['+', '#']);
    let complete = bare.chars().next_back().is_some_and(|c| {
        c.is_ascii_digit() || ('１'..='９').contains(&c) || "一二三四五六七八九".contains(c)
    });
    if complete && bare.len() < text.len() {
        bare
    } else {
        text
    }
}

/// Reads a move in whichever notation it is written in ([`Notation::detect`]); `hint`
/// (the `Format` tag) picks the reader for a word of no notation's form, for its error.
pub fn parse_move(pos: &Position, text: &str, hint: Option<Notation>) -> Result<Move, MoveError> {
    let text = strip_check_marks(text.trim());
    match Notation::detect(text).or(hint) {
        Some(Notation::Iccs) => iccs::parse_legal(pos, text).map_err(MoveError::Iccs),
        Some(Notation::Wxf) => wxf::parse(pos, text).map_err(MoveError::Wxf),
        Some(Notation::Chinese) => chinese::parse(pos, text).map_err(MoveError::Chinese),
        None => Err(MoveError::Unknown(text.into())),
    }
}

/// The start position of a xiangqi game: its FEN tag's, or the initial one.
pub fn initial_position(game: &PgnGame) -> Result<Position, PgnError> {
    match game.tag("FEN") {
        Some(f) => fen::parse_position(f)
            .map_err(|e| game.error(PgnErrorKind::BadFen(GameError::new(e, true)), None)),
        None => Ok(Position::new()),
    }
}

/// Plays a xiangqi game's main line into a [`Record`] judging repetitions under `rules`
/// (see the module docs for why the caller chooses), checking the moves of every variation
/// too. The first bad move is an error naming it; so is a Variant tag naming an 8x8
/// ruleset or a game this crate does not know.
pub fn replay(game: &PgnGame, rules: RepetitionRules) -> Result<Record, PgnError> {
    if let GameKind::Board8(_) = game.game(Ruleset::default())?
        && let Some(v) = game.tag("Variant")
    {
        return Err(game.error(PgnErrorKind::NotXiangqi { variant: v.into() }, None));
    }
    let hint = game.tag("Format").and_then(Notation::from_format_tag);
    let mut record = Record::new(initial_position(game)?, rules);
    for node in &game.moves {
        let pos = *record.position();
        for line in &node.variations {
            check_line(game, &pos, line, hint)?;
        }
        let after_end = |outcome| {
            let kind = PgnErrorKind::AfterEnd {
                game_kind: GameKind::Xiangqi,
                number: pos.fullmoves(),
                side: pos.turn(),
                san: node.san.clone(),
                outcome,
            };
            game.error(kind, Some(node.at))
        };
        if let Some(outcome) = record.outcome() {
            return Err(after_end(outcome));
        }
        let m = read_move(game, &pos, node, false, hint)?;
        match record.play(m) {
            Ok(()) => {}
            Err(PlayError::GameOver(outcome)) => return Err(after_end(outcome)),
            // The readers return legal moves only.
            Err(PlayError::Illegal(m)) => {
                let error = MoveError::Iccs(iccs::IccsError::Illegal(m));
                return Err(move_error(game, &pos, node, false, error));
            }
        }
    }
    match (game.result, record.outcome()) {
        (Some(written), Some(outcome)) if written != outcome.result => {
            let at = game.moves.last().map(|m| m.at);
            return Err(game.error(PgnErrorKind::ResultMismatch { written, outcome }, at));
        }
        (Some(written), None) => record.set_outcome(game.off_board_outcome(written)),
        _ => {}
    }
    Ok(record)
}

fn move_error(
    game: &PgnGame,
    pos: &Position,
    node: &PgnMove,
    in_variation: bool,
    error: MoveError,
) -> PgnError {
    let quotes_text = error.quotes_text();
    let kind = PgnErrorKind::Move {
        game_kind: GameKind::Xiangqi,
        number: pos.fullmoves(),
        side: pos.turn(),
        san: node.san.clone(),
        in_variation,
        error: GameError::new(error, quotes_text),
    };
    game.error(kind, Some(node.at))
}

fn read_move(
    game: &PgnGame,
    pos: &Position,
    node: &PgnMove,
    in_variation: bool,
    hint: Option<Notation>,
) -> Result<Move, PgnError> {
    parse_move(pos, &node.san, hint).map_err(|e| move_error(game, pos, node, in_variation, e))
}

fn check_line(
    game: &PgnGame,
    start: &Position,
    line: &[PgnMove],
    hint: Option<Notation>,
) -> Result<(), PgnError> {
    let mut pos = *start;
    for node in line {
        for v in &node.variations {
            check_line(game, &pos, v, hint)?;
        }
        let m = read_move(game, &pos, node, true, hint)?;
        pos.play_unchecked(m);
    }
    Ok(())
}

/// A game of the moves `moves` from `initial` (the main line, no comments) written in
/// `notation`: the Variant and Format tags, and FEN + SetUp when `initial` is not the
/// initial position. Other tags are the caller's to set.
pub fn from_moves(
    initial: &Position,
    moves: &[Move],
    notation: Notation,
) -> Result<PgnGame, IllegalMove> {
    let mut game = PgnGame::default();
    game.set_tag("Variant", VARIANT);
    if initial.to_setup() != Position::new().to_setup() {
        game.set_tag("FEN", fen::write(&initial.to_setup()));
        game.set_tag("SetUp", "1");
    }
    game.set_tag("Format", notation.format_tag());
    let mut pos = *initial;
    for &m in moves {
        let text = notation.write(&pos, m);
        pos.play(m)?;
        game.moves.push(PgnMove::new(text));
    }
    Ok(game)
}

/// The game of a record ([`from_moves`]), with its result, `Termination` and
/// `TerminationDetails` tags ([`PgnGame::set_termination`]) for any ending but a
/// resignation or an agreed draw, and a repetition ruling's sentence as a
/// comment after the last move.
pub fn from_record(record: &Record, notation: Notation) -> PgnGame {
    let mut game = from_moves(record.initial(), record.moves(), notation)
        .expect("a record holds legal moves only");
    if let Some(Outcome { result, reason }) = record.outcome() {
        game.result = Some(result);
        if !matches!(reason, EndReason::Resignation | EndReason::Agreement) {
            game.set_termination(reason);
        }
    }
    if let Some(ruling) = record.ruling() {
        let sentence = alloc::format!("{ruling}");
        match game.moves.last_mut() {
            Some(last) => last.comments.push(sentence),
            None => game.comments.push(sentence),
        }
    }
    game
}

/// The PGN text of a record ([`from_record`]), with `tags` set over the ones written
/// (`("White", "许银川")`, `("Event", …)`).
pub fn write(record: &Record, notation: Notation, tags: &[(&str, &str)]) -> String {
    let mut game = from_record(record, notation);
    for &(name, value) in tags {
        game.set_tag(name, value);
    }
    game.write()
}
