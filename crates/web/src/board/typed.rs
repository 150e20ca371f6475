//! The typed move box, for players who do not use the board (a screen reader, a braille
//! display), in the spirit of lichess's blind mode: a move in SAN (`Nf3`, `exd5`, `e8=Q`),
//! long form (`Ng1-f3`) or coordinates (`g1f3`) — in Xiangqi, Chinese notation, WXF or ICCS
//! — or a question about the position ("where horses", "red cannons", "rank 4", "file e",
//! "last", "clocks", "turn", "help"). A move is made as if on the board (the host hears
//! [`BoardEvent::Move`]); an answer goes to the live region beside the box. Whose turn it
//! is and the clocks are the host's to tell ([`BoardEvent::Ask`]).

use shatar_rules::{Color, GameKind};

use super::words::{PieceKind, Word, words};
use super::{Board, BoardEvent, MoveSaid, Status};
use crate::geometry::Geometry;
use shatar_rules::{AnyPiece, Cell, GameMove};

/// The box's answer to the last line typed, as data: the view words it in the language
/// shown, so that a language switch re-words an answer already on screen. What it tells of
/// the game is taken when the line is typed: the live region that reads it out speaks again
/// whenever its text changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedReply {
    /// The game the answer is about, which names its sides and cells.
    pub game: GameKind,
    pub answer: Answer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Neither a move nor a question: the line as typed.
    Unknown(String),
    /// A move typed after the game ended.
    GameOver,
    /// A move typed while an earlier position is shown.
    Browsing,
    /// A move typed on the computer's turn.
    NotYourTurn,
    Help,
    /// The game's last move; `None` before the first.
    Last(Option<MoveSaid>),
    /// The host's status line ([`HostQuestion::Turn`]).
    Turn(Status),
    /// White's and Black's time, in a timed game (the host's answer).
    Clocks(Option<(u64, u64)>),
    /// The pieces on a rank (numbered as the board's names number it) or a file.
    Rank {
        rank: u8,
        pieces: Vec<(Cell, AnyPiece)>,
    },
    File {
        file: u8,
        pieces: Vec<(Cell, AnyPiece)>,
    },
    /// Where the pieces of a kind stand, side by side.
    Pieces {
        kind: PieceKind,
        sides: Vec<(Color, Vec<Cell>)>,
    },
}

/// What the player typed, understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Pieces(Option<Color>, PieceKind),
    Rank(u8),
    File(u8),
    Last,
    Host(HostQuestion),
    Help,
}

/// A question only the host can answer ([`BoardEvent::Ask`]): it answers with
/// [`Answer::Turn`] or [`Answer::Clocks`] through [`Board::answer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostQuestion {
    /// Whose turn it is, and what they may do, as the host's status line says it.
    Turn,
    /// White's and Black's time.
    Clocks,
}

/// Handles a line typed in the box: makes the move it names, or answers it in the
/// board's `typed_reply`.
pub fn typed(board: &mut Board, text: &str, events: &mut Vec<BoardEvent>) {
    let text = text.trim();
    board.typed_reply = None;
    if text.is_empty() {
        return;
    }
    if let Some(question) = question(board, text) {
        match question {
            Question::Host(asked) => events.push(BoardEvent::Ask(asked)),
            _ => {
                let reply = answer(board, question);
                board.answer(reply);
            }
        }
        return;
    }
    let Some(m) = read_move(board, text) else {
        board.answer(Answer::Unknown(text.to_string()));
        return;
    };
    if !board.can_move() {
        let why = if board.game.outcome().is_some() {
            Answer::GameOver
        } else if board.is_browsing() {
            Answer::Browsing
        } else {
            Answer::NotYourTurn
        };
        board.answer(why);
        return;
    }
    events.push(BoardEvent::Move(m));
}

/// A typed move: SAN, long or UCI for the 8x8 games; Chinese, WXF or ICCS for Xiangqi.
fn read_move(board: &Board, text: &str) -> Option<GameMove> {
    board.game.position().read_typed_move(text)
}

fn question(board: &Board, text: &str) -> Option<Question> {
    let words = words(board, text)?;
    let geometry = Geometry::of(board.game.kind());
    // Ranks as the cells' names count them: 1-8, or Xiangqi's 0-9.
    let ranks = match board.game.kind() {
        GameKind::Board8(_) => 1..=8,
        GameKind::Xiangqi => 0..=9,
    };
    let all = |w: Word| words.iter().all(|&x| x == w);
    match words.as_slice() {
        [Word::Help] => Some(Question::Help),
        [Word::Last] | [Word::Last, Word::Move] => Some(Question::Last),
        [Word::Clocks, ..] if all(Word::Clocks) => Some(Question::Host(HostQuestion::Clocks)),
        [Word::Turn, ..] if all(Word::Turn) => Some(Question::Host(HostQuestion::Turn)),
        [Word::Rank, Word::Number(n)] | [Word::Number(n), Word::Rank] if ranks.contains(n) => {
            Some(Question::Rank(*n))
        }
        [Word::File, Word::FileLetter(f)] | [Word::FileLetter(f), Word::File]
            if *f < geometry.files =>
        {
            Some(Question::File(*f))
        }
        [Word::Piece(role)] => Some(Question::Pieces(None, *role)),
        [Word::Side(color), Word::Piece(role)] => Some(Question::Pieces(Some(*color), *role)),
        _ => None,
    }
}

/// The answer to `question`, about the position shown.
fn answer(board: &Board, question: Question) -> Answer {
    let kind = board.game.kind();
    let position = board.game.snapshot(board.shown_ply()).position;
    let geometry = Geometry::of(kind);
    let occupied = |cells: &mut dyn Iterator<Item = Cell>| {
        cells
            .filter_map(|cell| position.piece_at(cell).map(|p| (cell, p)))
            .collect()
    };
    // Ranks are spoken as the board's names count them: from 1 on the 8x8 board, from 0
    // in Xiangqi's coordinates.
    let first_rank = u8::from(kind != GameKind::Xiangqi);
    match question {
        Question::Help | Question::Host(_) => Answer::Help,
        Question::Last => Answer::Last(MoveSaid::last_of(&board.game)),
        Question::Rank(rank) => {
            let index = rank.saturating_sub(first_rank);
            Answer::Rank {
                rank,
                pieces: occupied(&mut (0..geometry.files).map(|f| Cell::new(f, index))),
            }
        }
        Question::File(file) => Answer::File {
            file,
            pieces: occupied(&mut (0..geometry.ranks).map(|r| Cell::new(file, r))),
        },
        Question::Pieces(color, piece_kind) => {
            let colors = match color {
                Some(c) => vec![c],
                None => vec![Color::White, Color::Black],
            };
            let sides = colors
                .into_iter()
                .map(|c| {
                    let cells = (0..geometry.ranks)
                        .flat_map(|r| (0..geometry.files).map(move |f| Cell::new(f, r)))
                        .filter(|&cell| {
                            position
                                .piece_at(cell)
                                .is_some_and(|p| p.color() == c && piece_kind.of(p))
                        })
                        .collect();
                    (c, cells)
                })
                .collect();
            Answer::Pieces {
                kind: piece_kind,
                sides,
            }
        }
    }
}
