//! The small value types everything else is built from: colours, roles, pieces, files,
//! ranks and squares.

use core::fmt;

/// A side. White moves first in every game here (2017 art. 1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Picks `white` or `black`: reads better than `if c == White`.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

/// What a piece is, whatever its colour. The Mongolian names are in [`Role::mongolian_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English letter, upper case (`P` for pawns, although SAN omits it).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    pub const fn lower_char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Reads an English piece letter of either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c {
            'p' | 'P' => Role::Pawn,
            'n' | 'N' => Role::Knight,
            'b' | 'B' => Role::Bishop,
            'r' | 'R' => Role::Rook,
            'q' | 'Q' => Role::Queen,
            'k' | 'K' => Role::King,
            _ => return None,
        })
    }

    /// The Mongolian name (2017 art. 2.3), transliterated.
    pub const fn mongolian_name(self) -> &'static str {
        match self {
            Role::King => "Noyan",
            Role::Queen => "Berse",
            Role::Rook => "Tereg",
            Role::Bishop => "Temee",
            Role::Knight => "Mori",
            Role::Pawn => "Khüü",
        }
    }

    /// The plain English name used in accessible labels; Mongolian chess players say
    /// "horse" and "camel", which is what the board should read out.
    pub const fn english_name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        }
    }
}

/// A piece of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for White.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        Some(Piece::new(
            if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            },
            role,
        ))
    }

    /// Index 0..12 for tables keyed by piece (Zobrist keys, piece-square tables).
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 6 + self.role as usize
    }

    /// Short code such as `wN` or `bP`, the form the board's `data-piece` uses.
    pub fn code(self) -> [u8; 2] {
        [self.color.fold(b'w', b'b'), self.role.upper_char() as u8]
    }
}

/// A file, `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank, `1` to `8`, counted from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::new(c as u32 - 'a' as u32),
            _ => None,
        }
    }
}

impl Rank {
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::new(c as u32 - '1' as u32),
            _ => None,
        }
    }
    /// The same rank seen from `color`'s side: White's `Second` is Black's `Seventh`.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

/// A square of the 8x8 board, `a1` = 0 to `h8` = 63, rank by rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
pub enum Square {
    A1 = 0, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// Every square in index order.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            // SAFETY: i < 64, the enum's range.
            all[i] = unsafe { Square::new_unchecked(i as u32) };
            i += 1;
        }
        all
    };

    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            // SAFETY: checked just above.
            Some(unsafe { Square::new_unchecked(index) })
        } else {
            None
        }
    }

    /// # Safety
    /// `index` must be below 64. Used where the index comes from a bit scan of a non-empty
    /// bitboard, the hot path of move generation, where the check would be repeated work.
    #[inline]
    pub const unsafe fn new_unchecked(index: u32) -> Square {
        debug_assert!(index < 64);
        // SAFETY: the caller promises index < 64 and Square is repr(u8) with 64 variants.
        unsafe { core::mem::transmute(index as u8) }
    }

    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        // SAFETY: file, rank < 8.
        unsafe { Square::new_unchecked(rank as u32 * 8 + file as u32) }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Square::new((r * 8 + f) as u32)
        }
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        // SAFETY: xor 56 keeps the index in 0..64.
        unsafe { Square::new_unchecked(self as u32 ^ 56) }
    }

    /// Light or dark. h1 and a8, the corners at each player's right hand, are light (2017 art. 2.1).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u32 + self.rank() as u32) % 2 == 1
    }

    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(file, rank))
    }

    /// The square's name as two ASCII bytes, `e4`.
    pub const fn name(self) -> [u8; 2] {
        [self.file().char() as u8, self.rank().char() as u8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One value per colour, by name instead of by magic index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_hand_corners_are_light() {
        // 2017 art. 2.1: the corner square at each player's right hand is light.
        assert!(Square::H1.is_light());
        assert!(Square::A8.is_light());
        assert!(!Square::A1.is_light());
        assert!(!Square::H8.is_light());
        // art. 2.4: the white queen starts on a light square, the black one on a dark one.
        assert!(Square::D1.is_light());
        assert!(!Square::D8.is_light());
    }

    #[test]
    fn square_names_round_trip() {
        for sq in Square::ALL {
            let name = alloc::format!("{sq}");
            assert_eq!(Square::parse(&name), Some(sq));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a10"), None);
    }
}
