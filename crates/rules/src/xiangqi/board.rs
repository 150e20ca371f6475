//! Pieces, the board as 90 cells, the regions of the board (palaces, halves, the points an
//! advisor or an elephant can ever stand on) and the step tables of the leapers.

use core::fmt;

use super::square::Square;
use crate::types::Color;

/// What a xiangqi piece is, whatever its colour (1956 ch. 1; AXF 2008 ch. 3 §1 art. 二).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// 帥 / 將.
    General = 0,
    /// 仕 / 士.
    Advisor = 1,
    /// 相 / 象.
    Elephant = 2,
    /// 傌 / 馬.
    Horse = 3,
    /// 俥 / 車.
    Chariot = 4,
    /// 炮 / 砲.
    Cannon = 5,
    /// 兵 / 卒.
    Soldier = 6,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name: `general`, `advisor`, `elephant`, `horse`, `chariot`, `cannon`,
    /// `soldier`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// The FEN letter in lower case: `k a b n r c p`, the common convention (the elephant
    /// is `b` and the horse `n`, as chess's bishop and knight).
    pub const fn lower_char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// Reads a letter of either case; `e` (elephant) and `h` (horse), which some tools
    /// write, are accepted too.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// How many of the role a side starts with, and so may ever have: nothing promotes.
    pub const fn count_in_set(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }
}

/// A piece: Red plays the part of [`Color::White`] (it moves first), Black of
/// [`Color::Black`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
    /// From 0 to 13: Red's seven roles, then Black's.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }
    /// Red upper case, Black lower case.
    pub const fn char(self) -> char {
        let c = self.role.lower_char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The 90 points and what stands on each, with the points of each colour as bit sets
/// beside the cells, so that a side's pieces are found without scanning all 90.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; Square::COUNT],
    /// By colour index, bit `i` for point `i`: kept equal to what `cells` holds.
    occupied: [u128; 2],
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            cells: [None; Square::COUNT],
            occupied: [0; 2],
        }
    }
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }
    #[inline]
    pub fn is_empty_at(&self, sq: Square) -> bool {
        self.cells[sq.index()].is_none()
    }
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        let bit = 1u128 << sq.index();
        if let Some(old) = self.cells[sq.index()] {
            self.occupied[old.color.index()] &= !bit;
        }
        self.cells[sq.index()] = Some(piece);
        self.occupied[piece.color.index()] |= bit;
    }
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.cells[sq.index()].take();
        if let Some(p) = piece {
            self.occupied[p.color.index()] &= !(1u128 << sq.index());
        }
        piece
    }
    /// The points `color`'s pieces stand on, `a0` first.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> Points {
        Points(self.occupied[color.index()])
    }
    /// Every occupied point and its piece, `a0` first.
    #[inline]
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Points(self.occupied[0] | self.occupied[1])
            .map(|sq| (sq, self.cells[sq.index()].expect("an occupied point")))
    }
}

/// A set of points as bits (bit `i` for point `i`), iterated from `a0` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points(pub(crate) u128);

impl Points {
    /// Every point of the board.
    pub const ALL: Points = Points((1 << Square::COUNT) - 1);

    /// The points of the board not in `self`.
    #[inline]
    pub fn complement(self) -> Points {
        Points(Points::ALL.0 & !self.0)
    }

    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.index()) & 1 != 0
    }
}

impl Iterator for Points {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::new(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            for file in 0..9 {
                let sq = Square::at(file, rank).expect("on the board");
                write!(f, "{}", self.piece_at(sq).map_or('.', Piece::char))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Whether `sq` is on `color`'s side of the river (ranks 0–4 for Red, 5–9 for Black).
#[inline]
pub const fn own_half(color: Color, sq: Square) -> bool {
    let r = sq.rank().index();
    match color {
        Color::White => r <= 4,
        Color::Black => r >= 5,
    }
}

/// Whether `sq` is in `color`'s palace: files d–f of its first three ranks (1956 ch. 1;
/// AXF 2008 ch. 3 §1 art. 一).
#[inline]
pub const fn in_palace(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    let rank_ok = match color {
        Color::White => r <= 2,
        Color::Black => r >= 7,
    };
    rank_ok && f >= 3 && f <= 5
}

/// The five palace points an advisor can reach: the corners and the centre (it steps
/// diagonally inside the palace, AXF 2008 ch. 3 §2 art. 二).
pub const fn advisor_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file().index() as i32, sq.rank().index() as i32);
    let r = match color {
        Color::White => r,
        Color::Black => 9 - r,
    };
    in_palace(color, sq) && (f + r) % 2 == 1
}

/// The seven points an elephant can reach from its start: two diagonal steps at a time on
/// its own side of the river (AXF 2008 ch. 3 §2 art. 三).
pub const fn elephant_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    let r = match color {
        Color::White => r,
        Color::Black => 9 - r,
    };
    matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
}

/// Whether a soldier of `color` may stand on `sq`: never behind its start rank, on the
/// start files while it has not crossed the river (it only steps forward there), anywhere
/// beyond (AXF 2008 ch. 3 §2 art. 七).
pub const fn soldier_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    let r = match color {
        Color::White => r,
        Color::Black => 9 - r,
    };
    r >= 5 || ((r == 3 || r == 4) && f % 2 == 0)
}

/// Up to eight targets of a leaper and, for each, the point that must be empty for the
/// move: the horse's leg, the elephant's eye.
#[derive(Clone, Copy)]
pub struct Leaps {
    pub len: u8,
    /// (target, blocking point) as square indices.
    pub to: [(u8, u8); 8],
}

impl Leaps {
    /// Each target with the point that must be empty for it.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        let point = |i: u8| Square::new(i).expect("the tables hold points below 90");
        self.to[..self.len as usize]
            .iter()
            .map(move |&(to, block)| (point(to), point(block)))
    }
}

/// The horse: one step orthogonally, then one diagonally outward; the orthogonal step's
/// point is its leg, and a piece there hobbles it (AXF 2008 ch. 3 §2 art. 五).
pub const HORSE: [Leaps; Square::COUNT] = leaps(&HORSE_OFFSETS, Block::HorseLeg);
/// The elephant: two steps diagonally; a piece on the midpoint, its eye, blocks it (AXF 2008
/// ch. 3 §2 art. 三). The river is checked where it is generated, as it depends on colour.
pub const ELEPHANT: [Leaps; Square::COUNT] =
    leaps(&[(2, 2), (2, -2), (-2, -2), (-2, 2)], Block::Midpoint);

/// The horses that would attack a point, and for each its leg, which lies diagonally next
/// to the point (a horse's move read backwards): the check test's table.
pub const HORSE_ATTACKERS: [Leaps; Square::COUNT] = leaps(&HORSE_OFFSETS, Block::NextToTarget);

/// The next point from each point in each of the four orthogonal directions (in
/// [`ORTHOGONAL`]'s order), or [`OFF_BOARD`]: the rays' step without coordinate sums.
pub(crate) const RAY_STEP: [[u8; 4]; Square::COUNT] = {
    let mut table = [[OFF_BOARD; 4]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let sq = match Square::new(i as u8) {
            Some(sq) => sq,
            None => panic!("below 90"),
        };
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONAL[d];
            if let Some(next) = sq.offset(df, dr) {
                table[i][d] = next.index() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    table
};
pub(crate) const OFF_BOARD: u8 = u8::MAX;

/// The next point from `sq` in direction `d` (an index into [`ORTHOGONAL`]), if there is
/// one: a ray's step, by table.
#[inline]
pub fn ray_step(sq: Square, d: usize) -> Option<Square> {
    Square::new(RAY_STEP[sq.index()][d])
}
/// Up, right, down, left, as (files, ranks).
pub const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A horse's eight leaps, as (files, ranks).
const HORSE_OFFSETS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Which point of a leap must be empty.
#[derive(Clone, Copy)]
enum Block {
    /// The horse's leg: its first orthogonal step, along the long axis.
    HorseLeg,
    /// The elephant's eye: the midpoint.
    Midpoint,
    /// A horse's leg seen from the point it attacks: the diagonal neighbour of the table's
    /// point, towards the horse.
    NextToTarget,
}

const fn leaps(offsets: &[(i32, i32)], block: Block) -> [Leaps; Square::COUNT] {
    let mut table = [Leaps {
        len: 0,
        to: [(0, 0); 8],
    }; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let sq = match Square::new(i as u8) {
            Some(sq) => sq,
            None => panic!("below 90"),
        };
        let mut k = 0;
        while k < offsets.len() {
            let (df, dr) = offsets[k];
            let (bf, br) = match block {
                Block::HorseLeg if df.abs() == 2 => (df / 2, 0),
                Block::HorseLeg => (0, dr / 2),
                Block::Midpoint => (df / 2, dr / 2),
                Block::NextToTarget => (df.signum(), dr.signum()),
            };
            if let (Some(to), Some(block)) = (sq.offset(df, dr), sq.offset(bf, br)) {
                let n = table[i].len as usize;
                table[i].to[n] = (to.index() as u8, block.index() as u8);
                table[i].len += 1;
            }
            k += 1;
        }
        i += 1;
    }
    table
}
