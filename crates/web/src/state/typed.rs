//! The typed move box, for players who do not use the board (a screen reader, a braille
//! display), in the spirit of lichess's blind mode: a move in SAN (`Nf3`, `exd5`, `e8=Q`),
//! long form (`Ng1-f3`) or coordinates (`g1f3`) — in Xiangqi, Chinese notation, WXF or ICCS
//! — or a question about the position ("where horses", "red cannons", "rank 4", "file e",
//! "last", "clocks", "turn", "help"). A move is played as if made on the board; an answer
//! goes to the live region beside the box.

use shatar_rules::xiangqi;
use shatar_rules::{Color, GameKind, Role};

use super::{AppState, Effect, MoveSaid, Status, input};
use crate::geometry::Geometry;
use crate::i18n::{Key, Lang};
use crate::names::{piece_name, role_name};
use crate::t_key;
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
    Turn(Status),
    /// White's and Black's time, in a timed game.
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
    Clocks,
    Turn,
    Help,
}

/// Handles a line typed in the box: plays it, or answers it in `state.typed_reply`.
pub fn typed(state: &mut AppState, text: &str, effects: &mut Vec<Effect>) {
    let text = text.trim();
    state.ui.typed_reply = None;
    if text.is_empty() {
        return;
    }
    let game = state.session.game.kind();
    let reply = move |answer| Some(TypedReply { game, answer });
    if let Some(question) = question(state, text) {
        state.ui.typed_reply = reply(answer(state, question));
        return;
    }
    let Some(m) = read_move(state, text) else {
        state.ui.typed_reply = reply(Answer::Unknown(text.to_string()));
        return;
    };
    if !state.can_move() {
        state.ui.typed_reply = reply(if state.session.game.outcome().is_some() {
            Answer::GameOver
        } else if state.is_browsing() {
            Answer::Browsing
        } else {
            Answer::NotYourTurn
        });
        return;
    }
    input::play(state, m, effects);
}

/// A typed move: SAN, long or UCI for the 8x8 games; Chinese, WXF or ICCS for Xiangqi.
fn read_move(state: &AppState, text: &str) -> Option<GameMove> {
    state.session.game.position().read_typed_move(text)
}

/// One word of a question, by what it means in any of the languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Help,
    Last,
    Move,
    Clocks,
    Turn,
    Rank,
    File,
    Side(Color),
    Piece(PieceKind),
    Number(u8),
    FileLetter(u8),
}

fn question(state: &AppState, text: &str) -> Option<Question> {
    let words = words(state, text)?;
    let geometry = Geometry::of(state.session.game.kind());
    // Ranks as the cells' names count them: 1-8, or Xiangqi's 0-9.
    let ranks = match state.session.game.kind() {
        GameKind::Board8(_) => 1..=8,
        GameKind::Xiangqi => 0..=9,
    };
    let all = |w: Word| words.iter().all(|&x| x == w);
    match words.as_slice() {
        [Word::Help] => Some(Question::Help),
        [Word::Last] | [Word::Last, Word::Move] => Some(Question::Last),
        [Word::Clocks, ..] if all(Word::Clocks) => Some(Question::Clocks),
        [Word::Turn, ..] if all(Word::Turn) => Some(Question::Turn),
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

/// The words of `text` understood in the page's language or in English, filler words
/// ("where", "are", 在哪里) left out; `None` if one is not understood.
fn words(state: &AppState, text: &str) -> Option<Vec<Word>> {
    let lang = state.prefs.lang;
    let known = |key: Key| {
        lang.text(key)
            .split_whitespace()
            .chain(Lang::En.text(key).split_whitespace())
    };
    let mut lower = lowercase(text);
    // Chinese is written without spaces: its filler words are cut out wherever they are,
    // the longest first (在哪里 before 在哪).
    let cut: Vec<&str> = known(t_key!("words.filler"))
        .filter(|w| w.chars().any(is_cjk))
        .collect();
    while let Some(filler) = cut
        .iter()
        .filter(|w| lower.contains(**w))
        .max_by_key(|w| w.len())
    {
        lower = lower.replace(filler, " ");
    }
    let fillers: Vec<&str> = known(t_key!("words.filler")).collect();
    let mut words = Vec::new();
    for token in lower.split_whitespace().filter(|t| !fillers.contains(t)) {
        match word(state, token) {
            Some(w) => words.push(w),
            // "白马", "white" and "horse" written as one.
            None => {
                let (side, rest) = [Color::White, Color::Black].into_iter().find_map(|c| {
                    side_words(state, c).into_iter().find_map(|w| {
                        token
                            .strip_prefix(w.as_str())
                            .filter(|r| !r.is_empty())
                            .map(|r| (c, r))
                    })
                })?;
                words.push(Word::Side(side));
                words.push(word(state, rest).filter(|w| matches!(w, Word::Piece(_)))?);
            }
        }
    }
    (!words.is_empty()).then_some(words)
}

/// Lower case for the scripts the box reads: Latin and Cyrillic (Mongolian's Ө and Ү
/// too); Chinese and the traditional script have no case. Smaller than `str::to_lowercase`
/// and its tables of every script, which the page would carry for nothing.
fn lowercase(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'A'..='Z' | 'А'..='Я' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
            'Ѐ'..='Џ' => char::from_u32(c as u32 + 0x50).unwrap_or(c),
            'Ө' | 'Ү' => char::from_u32(c as u32 + 1).unwrap_or(c),
            _ => c,
        })
        .collect()
}

fn is_cjk(c: char) -> bool {
    ('\u{3000}'..='\u{9fff}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

fn word(state: &AppState, token: &str) -> Option<Word> {
    let lang = state.prefs.lang;
    let is = |key: Key| {
        lang.text(key)
            .split_whitespace()
            .chain(Lang::En.text(key).split_whitespace())
            .any(|w| w == token)
    };
    let simple = [
        (t_key!("words.help"), Word::Help),
        (t_key!("words.last"), Word::Last),
        (t_key!("words.last-move"), Word::Move),
        (t_key!("words.clocks"), Word::Clocks),
        (t_key!("words.turn"), Word::Turn),
        (t_key!("words.rank"), Word::Rank),
        (t_key!("words.file"), Word::File),
    ];
    if let Some((_, w)) = simple.iter().find(|(key, _)| is(*key)) {
        return Some(*w);
    }
    if let Some(c) = [Color::White, Color::Black]
        .into_iter()
        .find(|&c| side_words(state, c).iter().any(|w| w == token))
    {
        return Some(Word::Side(c));
    }
    if let Ok(n) = token.parse::<u8>() {
        return Some(Word::Number(n));
    }
    if let [c @ b'a'..=b'i'] = token.as_bytes() {
        return Some(Word::FileLetter(c - b'a'));
    }
    piece_kind(state, token).map(Word::Piece)
}

/// The words for a side, in the page's language and in English: white and black, and in
/// Xiangqi red ("red", "红", "улаан") as well.
fn side_words(state: &AppState, color: Color) -> Vec<String> {
    let lang = state.prefs.lang;
    let key = color.fold(t_key!("words.white"), t_key!("words.black"));
    let mut words: Vec<String> = lang
        .text(key)
        .split_whitespace()
        .chain(Lang::En.text(key).split_whitespace())
        .map(String::from)
        .collect();
    if state.session.game.kind() == GameKind::Xiangqi && color == Color::White {
        let red = [t_key!("adjective.red"), t_key!("color.red")];
        words.extend(
            red.into_iter()
                .flat_map(|k| [lowercase(lang.text(k)), lowercase(Lang::En.text(k))]),
        );
    }
    words
}

/// A kind of piece of the game on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    Board8(Role),
    Xiangqi(xiangqi::Role),
}

impl PieceKind {
    fn of(self, piece: AnyPiece) -> bool {
        match (self, piece) {
            (PieceKind::Board8(role), AnyPiece::Board8(p)) => p.role == role,
            (PieceKind::Xiangqi(role), AnyPiece::Xiangqi(p)) => p.role == role,
            _ => false,
        }
    }

    pub fn name(self, lang: Lang, game: GameKind) -> &'static str {
        match self {
            PieceKind::Board8(role) => role_name(lang, game.board8().unwrap_or_default(), role),
            PieceKind::Xiangqi(role) => piece_name(
                lang,
                game,
                AnyPiece::Xiangqi(xiangqi::Piece::new(Color::White, role)),
            ),
        }
    }
}

/// A piece by its name in this game or in chess, in the page's language or in English,
/// one or several: "horse", "knights", "морьд", "cannons", "炮".
fn piece_kind(state: &AppState, word: &str) -> Option<PieceKind> {
    let lang = state.prefs.lang;
    let endings = lang
        .text(t_key!("words.plural"))
        .split_whitespace()
        .chain(Lang::En.text(t_key!("words.plural")).split_whitespace());
    let forms: Vec<&str> = std::iter::once(word)
        .chain(endings.filter_map(|e| word.strip_suffix(e)))
        .collect();
    let named = |names: [&str; 3]| {
        forms
            .iter()
            .any(|form| names.iter().any(|n| lowercase(n) == *form))
    };
    let game = state.session.game.kind();
    match game {
        GameKind::Board8(ruleset) => Role::ALL
            .into_iter()
            .find(|&r| {
                named([
                    role_name(lang, ruleset, r),
                    role_name(Lang::En, ruleset, r),
                    r.english_name(),
                ])
            })
            .map(PieceKind::Board8),
        GameKind::Xiangqi => xiangqi::Role::ALL
            .into_iter()
            .map(PieceKind::Xiangqi)
            .find(|k| {
                named([
                    k.name(lang, game),
                    k.name(Lang::En, game),
                    k.name(Lang::En, game),
                ])
            }),
    }
}

/// The answer to `question`, about the position shown.
fn answer(state: &AppState, question: Question) -> Answer {
    let kind = state.session.game.kind();
    let position = state.session.game.snapshot(state.shown_ply()).position;
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
        Question::Help => Answer::Help,
        Question::Last => Answer::Last(MoveSaid::last_of(&state.session.game)),
        Question::Turn => Answer::Turn(state.status()),
        Question::Clocks => Answer::Clocks(state.session.timing.as_ref().map(|t| {
            let read = |c: Color| t.clock.read(c, state.now_ms).base_ms;
            (read(Color::White), read(Color::Black))
        })),
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
