//! Piece letters for display in the move list: English, Mongolian Cyrillic, the
//! traditional Mongolian script, Chinese, or figurines.
//!
//! Only display: the readers ([`crate::san::parse`], [`crate::uci::parse_move`], the PGN
//! reader) accept English SAN and UCI coordinates only. Stored and exchanged notation
//! (PGN files, messages) is always English; convert at the edge, for the eyes.
//!
//! | role | English | Cyrillic (2017 art. 2.3) | Mongolian script | Chinese | Figurine (White / Black) |
//! |---|---|---|---|---|---|
//! | king | K | Н | ᠨ (ᠨᠣᠶᠠᠨ) | 王 | ♔ / ♚ |
//! | queen | Q | Б | ᠪ (ᠪᠡᠷᠰ) | 后 | ♕ / ♛ |
//! | rook | R | Тр | ᠲᠷ (ᠲᠡᠷᠭᠡ) | 车 | ♖ / ♜ |
//! | bishop | B | Т | ᠲ (ᠲᠡᠮᠡᠭᠡ) | 象 | ♗ / ♝ |
//! | knight | N | М | ᠮ (ᠮᠣᠷᠢ) | 马 | ♘ / ♞ |
//! | pawn | P | Х | ᠬ (ᠬᠦᠦ) | 兵 | ♙ / ♟ |
//!
//! The rook's Cyrillic letter is two letters, `Тр` (тэрэг), to tell it from the bishop's
//! `Т` (тэмээ). The 2017 text's own notation uses "the first letter of the piece's
//! Mongolian name" (art. 2.3), but our copy of it lost the traditional-script letters; the
//! same clash (ᠲᠡᠷᠭᠡ, ᠲᠡᠮᠡᠭᠡ) is resolved as its Cyrillic example does, with ᠲᠷ for the
//! cart. Figurines follow the colour of the side that moves: White's moves show the
//! outlined set, Black's the filled set, so a move list reads like the board. Pawns get no
//! letter in SAN or in the long form, whatever the language.
//!
//! ```
//! use shatar_rules::notation::PieceLetters;
//! use shatar_rules::Color;
//! assert_eq!(PieceLetters::Cyrillic.render("Nf3", Color::White), "Мf3");
//! assert_eq!(PieceLetters::Cyrillic.render("Rxe8+", Color::Black), "Трxe8+");
//! assert_eq!(PieceLetters::Chinese.render("e8=Q", Color::White), "e8=后");
//! assert_eq!(PieceLetters::Figurine.render("Nf6", Color::Black), "♞f6");
//! ```

use alloc::string::String;

use crate::moves::Move;
use crate::position::{Position, Rules};
use crate::san;
use crate::types::{Color, Role};

/// Which letters the move list shows for pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceLetters {
    /// K Q R B N: the notation's own letters, and what the readers accept.
    #[default]
    English,
    /// Н Б Тр Т М Х: the Mongolian letters of the 2017 rules' examples (art. 2.3, 8.1).
    Cyrillic,
    /// ᠨ ᠪ ᠲᠷ ᠲ ᠮ ᠬ: the initials of the pieces' names in the traditional script (art. 2.3).
    MongolianScript,
    /// 王 后 车 象 马 兵.
    Chinese,
    /// ♔♕♖♗♘♙ for White's moves, ♚♛♜♝♞♟ for Black's.
    Figurine,
}

impl PieceLetters {
    pub const ALL: [PieceLetters; 5] = [
        PieceLetters::English,
        PieceLetters::Cyrillic,
        PieceLetters::MongolianScript,
        PieceLetters::Chinese,
        PieceLetters::Figurine,
    ];

    /// The id used in settings: `english`, `cyrillic`, `mongolian`, `chinese`, `figurine`.
    pub const fn id(self) -> &'static str {
        match self {
            PieceLetters::English => "english",
            PieceLetters::Cyrillic => "cyrillic",
            PieceLetters::MongolianScript => "mongolian",
            PieceLetters::Chinese => "chinese",
            PieceLetters::Figurine => "figurine",
        }
    }

    pub fn from_id(id: &str) -> Option<PieceLetters> {
        PieceLetters::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(id.trim()))
    }

    /// The letter (or glyph) of `role`; `color` matters for figurines only.
    pub const fn letter(self, role: Role, color: Color) -> &'static str {
        match self {
            PieceLetters::English => match role {
                Role::King => "K",
                Role::Queen => "Q",
                Role::Rook => "R",
                Role::Bishop => "B",
                Role::Knight => "N",
                Role::Pawn => "P",
            },
            PieceLetters::Cyrillic => match role {
                Role::King => "Н",
                Role::Queen => "Б",
                Role::Rook => "Тр",
                Role::Bishop => "Т",
                Role::Knight => "М",
                Role::Pawn => "Х",
            },
            PieceLetters::MongolianScript => match role {
                Role::King => "ᠨ",
                Role::Queen => "ᠪ",
                Role::Rook => "ᠲᠷ",
                Role::Bishop => "ᠲ",
                Role::Knight => "ᠮ",
                Role::Pawn => "ᠬ",
            },
            PieceLetters::Chinese => match role {
                Role::King => "王",
                Role::Queen => "后",
                Role::Rook => "车",
                Role::Bishop => "象",
                Role::Knight => "马",
                Role::Pawn => "兵",
            },
            PieceLetters::Figurine => match (color, role) {
                (Color::White, Role::King) => "♔",
                (Color::White, Role::Queen) => "♕",
                (Color::White, Role::Rook) => "♖",
                (Color::White, Role::Bishop) => "♗",
                (Color::White, Role::Knight) => "♘",
                (Color::White, Role::Pawn) => "♙",
                (Color::Black, Role::King) => "♚",
                (Color::Black, Role::Queen) => "♛",
                (Color::Black, Role::Rook) => "♜",
                (Color::Black, Role::Bishop) => "♝",
                (Color::Black, Role::Knight) => "♞",
                (Color::Black, Role::Pawn) => "♟",
            },
        }
    }

    /// Rewrites English SAN or long-form notation (`Nf3`, `Rxe8+`, `e8=Q`, `Ng1-f3`) with
    /// these letters; `mover` is the side that plays the move. Squares, `x`, `=`, `+`, `#`
    /// and castling (`O-O`) stay as they are.
    pub fn render(self, notation: &str, mover: Color) -> String {
        let mut out = String::with_capacity(notation.len() + 4);
        for c in notation.chars() {
            match c {
                'K' | 'Q' | 'R' | 'B' | 'N' => {
                    let role = Role::from_char(c).expect("a piece letter");
                    out.push_str(self.letter(role, mover));
                }
                _ => out.push(c),
            }
        }
        out
    }
}

/// The SAN of the legal move `m` in `pos`, with `letters`.
pub fn render_san<R: Rules>(pos: &Position<R>, m: Move, letters: PieceLetters) -> String {
    letters.render(&san::write(pos, m), pos.turn())
}

/// The long form (2017 art. 8.1) of the legal move `m` in `pos`, with `letters`.
pub fn render_long<R: Rules>(pos: &Position<R>, m: Move, letters: PieceLetters) -> String {
    letters.render(&san::write_long(pos, m), pos.turn())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Chess, Mongolian};

    #[test]
    fn golden_letters() {
        let c = Color::White;
        assert_eq!(PieceLetters::Cyrillic.render("Nf3", c), "Мf3");
        assert_eq!(PieceLetters::Cyrillic.render("Rxe8", c), "Трxe8");
        assert_eq!(PieceLetters::Cyrillic.render("Bb5", c), "Тb5"); // Т camel, not Тр cart
        assert_eq!(PieceLetters::Cyrillic.render("Kd2", c), "Нd2");
        assert_eq!(PieceLetters::Cyrillic.render("e8=Q#", c), "e8=Б#");
        assert_eq!(PieceLetters::Cyrillic.render("exd5", c), "exd5");
        assert_eq!(PieceLetters::MongolianScript.render("Nf3", c), "ᠮf3");
        assert_eq!(PieceLetters::MongolianScript.render("Rxe8", c), "ᠲᠷxe8");
        assert_eq!(PieceLetters::MongolianScript.render("Bb5", c), "ᠲb5"); // 2017 art. 2.3
        assert_eq!(PieceLetters::MongolianScript.render("e8=Q+", c), "e8=ᠪ+");
        assert_eq!(PieceLetters::Chinese.render("Nf3", c), "马f3");
        assert_eq!(PieceLetters::Chinese.render("Qh4e1", c), "后h4e1");
        assert_eq!(PieceLetters::Chinese.render("Rxe8", c), "车xe8");
        assert_eq!(PieceLetters::Chinese.render("Bc4xf7+", c), "象c4xf7+");
        assert_eq!(PieceLetters::Figurine.render("Nbd2", Color::White), "♘bd2");
        assert_eq!(PieceLetters::Figurine.render("Nbd7", Color::Black), "♞bd7");
        assert_eq!(PieceLetters::Figurine.render("O-O", Color::White), "O-O");
        assert_eq!(PieceLetters::English.render("Ng1-f3", c), "Ng1-f3");
        assert_eq!(PieceLetters::Cyrillic.letter(Role::Pawn, c), "Х");
        for l in PieceLetters::ALL {
            assert_eq!(PieceLetters::from_id(l.id()), Some(l));
        }
    }

    #[test]
    fn render_from_positions() {
        let pos = Position::<Chess>::new();
        let m = crate::san::parse(&pos, "Nf3").unwrap();
        assert_eq!(render_san(&pos, m, PieceLetters::Cyrillic), "Мf3");
        assert_eq!(render_long(&pos, m, PieceLetters::Cyrillic), "Мg1-f3"); // 2017 art. 8.1
        let pos = Position::<Mongolian>::new();
        let m = crate::san::parse(&pos, "e4").unwrap();
        assert_eq!(render_long(&pos, m, PieceLetters::Chinese), "e2-e4");
    }
}
