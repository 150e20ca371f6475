//! Files, ranks and points of the 9x10 board, numbered from Red's side as ICCS does.

use core::fmt;

/// A file, `a` (Red's left) to `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    pub const COUNT: u8 = 9;

    pub const fn new(index: u8) -> Option<File> {
        if index < File::COUNT {
            Some(File(index))
        } else {
            None
        }
    }
    /// From 0 (`a`) to 8 (`i`).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='i' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
}

/// A rank, 0 (Red's back rank) to 9 (Black's); the river runs between 4 and 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const COUNT: u8 = 10;

    pub const fn new(index: u8) -> Option<Rank> {
        if index < Rank::COUNT {
            Some(Rank(index))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '0'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
    }
}

/// One of the 90 points: `rank * 9 + file`, so `a0` is 0 and `i9` is 89. A checked newtype:
/// every value in existence is below 90, which lets the tables index without bounds doubts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 90;

    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }
    /// The point at signed coordinates, or `None` off the board: the move generator's step.
    #[inline]
    pub const fn at(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }
    /// The point `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::at((self.0 % 9) as i32 + df, (self.0 / 9) as i32 + dr)
    }
    /// All 90 points, `a0` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..Square::COUNT as u8).map(Square)
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

impl core::str::FromStr for Square {
    type Err = ();
    /// `e0`, `h9`: a file letter and a rank digit.
    fn from_str(s: &str) -> Result<Square, ()> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(File::from_char),
            chars.next().and_then(Rank::from_char),
            chars.next(),
        ) {
            (Some(f), Some(r), None) => Ok(Square::from_coords(f, r)),
            _ => Err(()),
        }
    }
}
