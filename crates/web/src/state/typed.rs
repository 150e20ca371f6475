//! The typed move box, for players who do not use the board (a screen reader, a braille
//! display), in the spirit of lichess's blind mode: a move in SAN (`Nf3`, `exd5`, `e8=Q`),
//! long form (`Ng1-f3`) or coordinates (`g1f3`), or a question about the position ("where
//! horses", "rank 4", "file e", "last", "clocks", "turn", "help"). A move is played as if
//! made on the board; an answer goes to the live region beside the box.

use shatar_rules::xiangqi;
use shatar_rules::{Color, GameKind, Role, Square, san, uci, with_position};

use super::{AppState, Effect, input};
use crate::any::{AnyGamePosition, AnyPiece, Cell, GameMove};
use crate::i18n::{Key, Lang};
use crate::view::{self, Geometry, clock_text, colored_piece, move_announcement, role_name, side_name};
use crate::{t, t_key, tf};

/// What the player typed, understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Pieces(Option<Color>, Role),
    Rank(u8),
    File(u8),
    Last,
    Clocks,
    Turn,
    Help,
}

/// Handles a line typed in the box: plays it, or answers it in `state.typed_reply`, in
/// the page's language.
pub fn typed(state: &mut AppState, text: &str, effects: &mut Vec<Effect>) {
    let text = text.trim();
    let lang = state.lang;
    state.typed_reply = None;
    if text.is_empty() {
        return;
    }
    if let Some(question) = question(state, text) {
        state.typed_reply = Some(answer(state, question));
        return;
    }
    let Some(m) = read_move(state, text) else {
        state.typed_reply = Some(tf!(lang, "typed.unknown", text = text, help = t!(lang, "typed.help")));
        return;
    };
    if !state.can_move() {
        state.typed_reply = Some(String::from(if state.game.outcome().is_some() {
            t!(lang, "typed.over")
        } else if state.is_browsing() {
            t!(lang, "typed.browsing")
        } else {
            t!(lang, "typed.not-your-turn")
        }));
        return;
    }
    input::play(state, m, effects);
}

/// A typed move: SAN, long or UCI for the 8x8 games; Chinese, WXF or ICCS for Xiangqi.
fn read_move(state: &AppState, text: &str) -> Option<GameMove> {
    match state.game.position() {
        AnyGamePosition::Board8(pos) => with_position!(&pos, p => {
            san::parse(p, text)
                .ok()
                .or_else(|| san::parse_long(p, text).ok())
                .or_else(|| uci::parse_move(p, &text.to_ascii_lowercase().replace('-', "")).ok())
        })
        .map(GameMove::Board8),
        AnyGamePosition::Xiangqi(p) => xiangqi::pgn::parse_move(&p, text, None).ok().map(GameMove::Xiangqi),
    }
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
    Piece(Role),
    Number(u8),
    FileLetter(u8),
}

fn question(state: &AppState, text: &str) -> Option<Question> {
    let words = words(state, text)?;
    let all = |w: Word| words.iter().all(|&x| x == w);
    match words.as_slice() {
        [Word::Help] => Some(Question::Help),
        [Word::Last] | [Word::Last, Word::Move] => Some(Question::Last),
        [Word::Clocks, ..] if all(Word::Clocks) => Some(Question::Clocks),
        [Word::Turn, ..] if all(Word::Turn) => Some(Question::Turn),
        [Word::Rank, Word::Number(n)] | [Word::Number(n), Word::Rank] if (1..=8).contains(n) => {
            Some(Question::Rank(*n))
        }
        [Word::File, Word::FileLetter(f)] | [Word::FileLetter(f), Word::File] => Some(Question::File(*f)),
        [Word::Piece(role)] => Some(Question::Pieces(None, *role)),
        [Word::Side(color), Word::Piece(role)] => Some(Question::Pieces(Some(*color), *role)),
        _ => None,
    }
}

/// The words of `text` understood in the page's language or in English, filler words
/// ("where", "are", 在哪里) left out; `None` if one is not understood.
fn words(state: &AppState, text: &str) -> Option<Vec<Word>> {
    let lang = state.lang;
    let known = |key: Key| lang.text(key).split_whitespace().chain(Lang::En.text(key).split_whitespace());
    let mut lower = lowercase(text);
    // Chinese is written without spaces: its filler words are cut out wherever they are,
    // the longest first (在哪里 before 在哪).
    let cut: Vec<&str> = known(t_key!("words.filler")).filter(|w| w.chars().any(is_cjk)).collect();
    while let Some(filler) = cut.iter().filter(|w| lower.contains(**w)).max_by_key(|w| w.len()) {
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
                    let key = c.fold(t_key!("words.white"), t_key!("words.black"));
                    known(key).find_map(|w| token.strip_prefix(w).filter(|r| !r.is_empty()).map(|r| (c, r)))
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
    let lang = state.lang;
    let is =
        |key: Key| lang.text(key).split_whitespace().chain(Lang::En.text(key).split_whitespace()).any(|w| w == token);
    let simple = [
        (t_key!("words.help"), Word::Help),
        (t_key!("words.last"), Word::Last),
        (t_key!("words.last-move"), Word::Move),
        (t_key!("words.clocks"), Word::Clocks),
        (t_key!("words.turn"), Word::Turn),
        (t_key!("words.rank"), Word::Rank),
        (t_key!("words.file"), Word::File),
        (t_key!("words.white"), Word::Side(Color::White)),
        (t_key!("words.black"), Word::Side(Color::Black)),
    ];
    if let Some((_, w)) = simple.iter().find(|(key, _)| is(*key)) {
        return Some(*w);
    }
    if let Ok(n) = token.parse::<u8>() {
        return Some(Word::Number(n));
    }
    if let [c @ b'a'..=b'h'] = token.as_bytes() {
        return Some(Word::FileLetter(c - b'a'));
    }
    role(state, token).map(Word::Piece)
}

/// A piece by its name in this game or in chess, in the page's language or in English,
/// one or several: "horse", "knights", "морьд".
fn role(state: &AppState, word: &str) -> Option<Role> {
    let lang = state.lang;
    let endings = lang
        .text(t_key!("words.plural"))
        .split_whitespace()
        .chain(Lang::En.text(t_key!("words.plural")).split_whitespace());
    let forms: Vec<&str> = std::iter::once(word).chain(endings.filter_map(|e| word.strip_suffix(e))).collect();
    // Xiangqi's pieces are not asked about by name yet: only the 8x8 roles are words.
    let ruleset = state.game.kind().board8()?;
    Role::ALL.into_iter().find(|&r| {
        let names = [role_name(lang, ruleset, r), role_name(Lang::En, ruleset, r), r.english_name()];
        forms.iter().any(|form| names.iter().any(|n| lowercase(n) == *form))
    })
}

fn answer(state: &AppState, question: Question) -> String {
    let (kind, lang) = (state.game.kind(), state.lang);
    let position = state.game.snapshot(state.shown_ply()).position;
    let geometry = Geometry::of(kind);
    let name =
        |cell: Cell| position.piece_at(cell).map(|p| format!("{} {}", cell.name(kind), colored_piece(lang, kind, p)));
    // Ranks are spoken as the board's names count them: from 1 on the 8x8 board, from 0
    // in Xiangqi's coordinates.
    let first_rank = u8::from(kind != GameKind::Xiangqi);
    match question {
        Question::Help => t!(lang, "typed.help").to_string(),
        Question::Last => {
            move_announcement(&state.game, lang).unwrap_or_else(|| t!(lang, "typed.no-move-yet").to_string())
        }
        Question::Turn => view::status(state),
        Question::Clocks => match &state.timing {
            None => t!(lang, "typed.no-clock").to_string(),
            Some(t) => {
                let read = |c: Color| clock_text(t.clock.read(c, state.now_ms).base_ms);
                tf!(lang, "typed.clocks", white = read(Color::White), black = read(Color::Black))
            }
        },
        Question::Rank(rank) => {
            let index = rank.saturating_sub(first_rank);
            let occupied: Vec<String> = (0..geometry.files).filter_map(|f| name(Cell::new(f, index))).collect();
            line(lang, tf!(lang, "typed.rank", n = rank.to_string()), &occupied)
        }
        Question::File(file) => {
            let occupied: Vec<String> = (0..geometry.ranks).filter_map(|r| name(Cell::new(file, r))).collect();
            line(lang, tf!(lang, "typed.file", file = char::from(b'a' + file).to_string()), &occupied)
        }
        Question::Pieces(color, role) => {
            let colors = match color {
                Some(c) => vec![c],
                None => vec![Color::White, Color::Black],
            };
            let parts: Vec<String> = colors
                .into_iter()
                .map(|c| {
                    let squares: Vec<String> = Square::ALL
                        .iter()
                        .map(|&sq| Cell::from(sq))
                        .filter(|&cell| {
                            matches!(position.piece_at(cell), Some(AnyPiece::Board8(p)) if p.color == c && p.role == role)
                        })
                        .map(|cell| cell.name(kind))
                        .collect();
                    let ruleset = kind.board8().unwrap_or_default();
                    let piece = role_name(lang, ruleset, role);
                    let who = tf!(lang, "piece", color = side_name(lang, kind, c), piece = piece);
                    if squares.is_empty() {
                        tf!(lang, "typed.pieces-none", who = who)
                    } else {
                        tf!(lang, "typed.pieces", who = who, list = lang.list(&squares))
                    }
                })
                .collect();
            parts
                .into_iter()
                .reduce(|first, next| tf!(lang, "typed.groups", first = first, next = next))
                .unwrap_or_default()
        }
    }
}

fn line(lang: Lang, what: String, occupied: &[String]) -> String {
    if occupied.is_empty() {
        tf!(lang, "typed.line-empty", what = what)
    } else {
        tf!(lang, "typed.line", what = what, list = lang.list(occupied))
    }
}
