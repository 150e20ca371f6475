//! The words of a question typed in the box, read in the board's language or in English:
//! "where", "horses", "red", "rank", 在哪里, морьд... A word is known by what it means
//! ([`Word`]), whatever the language it was typed in.

use shatar_rules::xiangqi;
use shatar_rules::{Color, GameKind, Role};

use super::Board;
use crate::i18n::{Key, Lang};
use crate::names::{piece_name, role_name};
use crate::t_key;
use shatar_rules::AnyPiece;

/// One word of a question, by what it means in any of the languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Word {
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

/// The words of `text` understood in the page's language or in English, filler words
/// ("where", "are", 在哪里) left out; `None` if one is not understood.
pub(super) fn words(board: &Board, text: &str) -> Option<Vec<Word>> {
    let lang = board.lang;
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
        match word(board, token) {
            Some(w) => words.push(w),
            // "白马", "white" and "horse" written as one.
            None => {
                let (side, rest) = [Color::White, Color::Black].into_iter().find_map(|c| {
                    side_words(board, c).into_iter().find_map(|w| {
                        token
                            .strip_prefix(w.as_str())
                            .filter(|r| !r.is_empty())
                            .map(|r| (c, r))
                    })
                })?;
                words.push(Word::Side(side));
                words.push(word(board, rest).filter(|w| matches!(w, Word::Piece(_)))?);
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

fn word(board: &Board, token: &str) -> Option<Word> {
    let lang = board.lang;
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
        .find(|&c| side_words(board, c).iter().any(|w| w == token))
    {
        return Some(Word::Side(c));
    }
    if let Ok(n) = token.parse::<u8>() {
        return Some(Word::Number(n));
    }
    if let [c @ b'a'..=b'i'] = token.as_bytes() {
        return Some(Word::FileLetter(c - b'a'));
    }
    piece_kind(board, token).map(Word::Piece)
}

/// The words for a side, in the page's language and in English: white and black, and in
/// Xiangqi red ("red", "红", "улаан") as well.
fn side_words(board: &Board, color: Color) -> Vec<String> {
    let lang = board.lang;
    let key = color.fold(t_key!("words.white"), t_key!("words.black"));
    let mut words: Vec<String> = lang
        .text(key)
        .split_whitespace()
        .chain(Lang::En.text(key).split_whitespace())
        .map(String::from)
        .collect();
    if board.game.kind() == GameKind::Xiangqi && color == Color::White {
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
    pub(super) fn of(self, piece: AnyPiece) -> bool {
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
fn piece_kind(board: &Board, word: &str) -> Option<PieceKind> {
    let lang = board.lang;
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
    let game = board.game.kind();
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
