//! The parser: tokens to [`PgnGame`] syntax trees.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::outcome::GameResult;

use super::lexer::{Lexer, Tok};
use super::{
    DRAW_OFFER_COMMENT, MAX_VARIATION_DEPTH, PgnError, PgnErrorKind, PgnGame, PgnMove, TextPos,
};

pub(super) struct Parser {
    lex: Lexer,
    peeked: Option<(Tok, TextPos, Range<usize>)>,
    /// Where the last token taken (not only peeked at) ends, in bytes.
    taken_end: usize,
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

/// A game read, with where it stands in the text.
pub(super) struct Parsed {
    pub game: PgnGame,
    /// Its bytes, from its first tag or move to its result (or its last token).
    pub span: Range<usize>,
    /// Where it starts.
    pub at: TextPos,
}

impl Parser {
    /// A parser of `text`, which starts at `at` of a larger text, after `games_before` games
    /// of it: errors and games are numbered as in the whole text.
    pub(super) fn new(text: &str, at: TextPos, games_before: usize) -> Parser {
        Parser {
            lex: Lexer::new(text, at),
            peeked: None,
            taken_end: 0,
            game: games_before,
            white: None,
            black: None,
        }
    }

    fn error(&self, kind: PgnErrorKind, at: TextPos) -> PgnError {
        PgnError {
            game: self.game,
            white: self.white.clone(),
            black: self.black.clone(),
            at: Some(at),
            kind: Box::new(kind),
        }
    }

    pub(super) fn text(&self) -> &str {
        self.lex.text()
    }

    pub(super) fn bytes_read(&self) -> usize {
        self.taken_end
    }

    pub(super) fn into_text(self) -> String {
        self.lex.into_text()
    }

    fn lex_next(&mut self) -> Result<(Tok, TextPos, Range<usize>), PgnError> {
        let (tok, at) = self.lex.next().map_err(|(kind, at)| self.error(kind, at))?;
        Ok((tok, at, self.lex.token_span()))
    }

    fn next(&mut self) -> Result<(Tok, TextPos), PgnError> {
        let (tok, at, span) = match self.peeked.take() {
            Some(t) => t,
            None => self.lex_next()?,
        };
        self.taken_end = span.end;
        Ok((tok, at))
    }

    fn peek(&mut self) -> Result<&Tok, PgnError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex_next()?);
        }
        Ok(&self.peeked.as_ref().expect("just filled").0)
    }

    fn parse_tag(&mut self, game: &mut PgnGame) -> Result<(), PgnError> {
        self.next()?; // the '['
        let (name, at) = self.next()?;
        let name = match name {
            Tok::Symbol(n) if n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => n,
            _ => {
                return Err(self.error(
                    PgnErrorKind::BadTag(
                        "'[' must be followed by a tag name (letters, digits, '_')",
                    ),
                    at,
                ));
            }
        };
        let (value, at) = self.next()?;
        let Tok::Str(value) = value else {
            return Err(self.error(
                PgnErrorKind::BadTag("the tag value must be a string in double quotes"),
                at,
            ));
        };
        let (close, at) = self.next()?;
        if close != Tok::TagClose {
            return Err(self.error(PgnErrorKind::BadTag("the tag is not closed with ']'"), at));
        }
        match name.as_str() {
            "White" => self.white = Some(value.clone()),
            // Xiangqi files (the XQBase convention) name the first player Red.
            "Red" if self.white.is_none() => self.white = Some(value.clone()),
            "Black" => self.black = Some(value.clone()),
            _ => {}
        }
        game.tags.push((name, value));
        Ok(())
    }

    /// Reads moves until the end of the line: a result, `)` (in a variation), the next
    /// game's tags or the end of the text. Returns the moves and any comments that found
    /// no move to belong to.
    fn parse_line(
        &mut self,
        depth: usize,
    ) -> Result<(Vec<PgnMove>, Vec<String>, LineEnd), PgnError> {
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
                    None => {
                        return Err(
                            self.error(PgnErrorKind::NothingToAnnotate("an annotation"), at)
                        );
                    }
                },
                Tok::Comment(c) => match moves.last_mut() {
                    // `{(=)}`: a draw offer, as written since 2026 (see DRAW_OFFER_COMMENT).
                    Some(m) if c == DRAW_OFFER_COMMENT && !m.draw_offer => m.draw_offer = true,
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
                        // `(=)`: a draw offer (2017 art. 9.1.2.b), not a variation, as this
                        // crate wrote it before the comment `{(=)}`; still read.
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
                Tok::Result(_) | Tok::Eof | Tok::TagOpen => {
                    return Ok((moves, pending, LineEnd::Missing));
                }
                Tok::Str(_) => {
                    return Err(self.error(PgnErrorKind::Unexpected("string outside a tag"), at));
                }
                Tok::TagClose => {
                    return Err(self.error(PgnErrorKind::Unexpected("']' outside a tag"), at));
                }
            }
        }
    }

    pub(super) fn parse_game(&mut self) -> Result<Option<Parsed>, PgnError> {
        // Numbered before its first token is read: an error there is this game's.
        self.game += 1;
        if *self.peek()? == Tok::Eof {
            self.game -= 1;
            return Ok(None);
        }
        let (_, at, first) = self.peeked.as_ref().expect("peeked above");
        let (at, start) = (*at, first.start);
        self.white = None;
        self.black = None;
        let mut game = PgnGame {
            number: self.game,
            ..PgnGame::default()
        };
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
        let nothing =
            game.tags.is_empty() && game.moves.is_empty() && matches!(end, LineEnd::Missing);
        if nothing {
            // Only comments (or nothing) after the last game: no game.
            self.game -= 1;
            return Ok(None);
        }
        Ok(Some(Parsed {
            game,
            span: start..self.taken_end.max(start),
            at,
        }))
    }
}
