//! WXF notation, as the World Xiangqi Federation writes moves: a piece letter
//! (`K A E H R C P`), the file it stands on, a direction and a target, files counted `1`–`9`
//! from the mover's own right (so Red's `1` is file `i`, Black's `1` is file `a`).
//!
//! - `+` advances, `-` retreats, `=` moves along the rank (`.` is read too).
//! - The target is the number of ranks for a straight mover (chariot, cannon, soldier,
//!   general) going forward or back, and the file reached otherwise (any traverse, and every
//!   move of the diagonal movers: horse, elephant, advisor).
//! - Two like pieces on one file: `+` (front) or `-` (back) before the letter replaces the
//!   file: `+R+1`, `-C=5`. "Front" is the one nearer the opponent.
//! - Three or more soldiers on one file (this crate's convention, the WXF text fixes none):
//!   a digit counted from the front replaces the sign: `1P=4`, `2P+1`, `3P=6`. Reading also
//!   takes `+P` / `-P` for the front and back one of three or more.
//! - When the mover has two or more soldiers on each of two files, the file follows the
//!   letter: `+P7=6`, `2P3+1`.
//!
//! Letters are read in either case; `B` (elephant) and `N` (horse) are accepted too.
//!
//! ```
//! use shatar_rules::xiangqi::{wxf, Position};
//! let pos = Position::new();
//! let m = wxf::parse(&pos, "C2=5").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(wxf::write(&pos, m), "C2=5");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::board::Role;
use super::moves::Move;
use super::position::Position;
use super::square::Square;
use crate::types::Color;

/// The direction of a move, from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    Advance,
    Retreat,
    Traverse,
}

/// Which of several like pieces on one file, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Front,
    Middle,
    Back,
    /// Counted from the front, from 1.
    Nth(u8),
}

/// How the moving piece is picked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    /// By its file, counted from the mover's right, 1–9.
    File(u8),
    /// By its place among like pieces on its file, with the file when needed.
    Tandem { place: Place, file: Option<u8> },
}

/// A move as read: what the notations share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Desc {
    pub role: Role,
    pub which: Which,
    pub dir: Dir,
    pub target: u8,
}

/// Everything about a legal move the notations need.
#[derive(Clone, Copy, Debug)]
pub(super) struct Canon {
    pub role: Role,
    pub file: u8,
    /// Place among like pieces on the file, 0 the front one.
    pub index: u8,
    /// How many like pieces stand on the file.
    pub count: u8,
    /// Another file also holds two or more of the mover's soldiers.
    pub other_tandem: bool,
    pub dir: Dir,
    pub target: u8,
}

impl Canon {
    /// The canonical way to pick out the piece.
    pub fn which(&self) -> Which {
        if self.count < 2 {
            return Which::File(self.file);
        }
        let place = match (self.count, self.index) {
            (2, 0) | (3, 0) => Place::Front,
            (2, _) => Place::Back,
            (3, 1) => Place::Middle,
            (3, _) => Place::Back,
            (_, i) => Place::Nth(i + 1),
        };
        Which::Tandem {
            place,
            file: self.other_tandem.then_some(self.file),
        }
    }

    fn matches(&self, d: &Desc) -> bool {
        if self.role != d.role || self.dir != d.dir || self.target != d.target {
            return false;
        }
        match d.which {
            Which::File(f) => f == self.file,
            Which::Tandem { place, file } => {
                if self.count < 2 || file.is_some_and(|f| f != self.file) {
                    return false;
                }
                match place {
                    Place::Front => self.index == 0,
                    Place::Back => self.index + 1 == self.count,
                    Place::Middle => self.count == 3 && self.index == 1,
                    Place::Nth(k) => k >= 1 && self.index + 1 == k,
                }
            }
        }
    }
}

/// File number from `color`'s own right: Red counts from file i, Black from file a.
pub(super) fn own_file(color: Color, sq: Square) -> u8 {
    match color {
        Color::White => 9 - sq.file().index(),
        Color::Black => sq.file().index() + 1,
    }
}

fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Describes a move of one of the side to move's pieces; `None` if there is none on `from`.
pub(super) fn describe(pos: &Position, m: Move) -> Option<Canon> {
    let board = pos.board();
    let piece = board.piece_at(m.from)?;
    let color = piece.color;
    let fwd = forward(color);
    let mut same: Vec<(u8, i32)> = board
        .pieces()
        .filter(|&(_, p)| p == piece)
        .map(|(sq, _)| (sq.file().index(), sq.rank().index() as i32 * fwd))
        .collect();
    let on_file = |f: u8, same: &[(u8, i32)]| same.iter().filter(|&&(g, _)| g == f).count();
    let from_file = m.from.file().index();
    let count = on_file(from_file, &same) as u8;
    let other_tandem =
        piece.role == Role::Soldier && (0..9).any(|f| f != from_file && on_file(f, &same) >= 2);
    same.retain(|&(f, _)| f == from_file);
    let here = m.from.rank().index() as i32 * fwd;
    let index = same.iter().filter(|&&(_, r)| r > here).count() as u8;
    let dr = (m.to.rank().index() as i32 - m.from.rank().index() as i32) * fwd;
    let dir = match dr {
        0 => Dir::Traverse,
        d if d > 0 => Dir::Advance,
        _ => Dir::Retreat,
    };
    let target = match (piece.role, dir) {
        (Role::Advisor | Role::Elephant | Role::Horse, _) | (_, Dir::Traverse) => {
            own_file(color, m.to)
        }
        _ => dr.unsigned_abs() as u8,
    };
    Some(Canon {
        role: piece.role,
        file: own_file(color, m.from),
        index,
        count,
        other_tandem,
        dir,
        target,
    })
}

/// How many legal moves fit a description, and the first one.
pub(super) fn resolve(pos: &Position, d: &Desc) -> (usize, Option<Move>) {
    let mut found = None;
    let mut n = 0;
    for &m in pos.legal_moves().iter() {
        if describe(pos, m).is_some_and(|c| c.matches(d)) {
            n += 1;
            found.get_or_insert(m);
        }
    }
    (n, found)
}

/// What went wrong reading a WXF move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing to read.
    Empty,
    /// An unexpected character at this character position (from 0), or the text ended
    /// (`found` is `None`) where `expected` was due.
    Syntax {
        at: usize,
        found: Option<char>,
        expected: &'static str,
    },
    /// Well formed, but no legal move fits it.
    NoSuchMove(String),
    /// Well formed, but several legal moves fit it.
    Ambiguous(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty WXF move"),
            NotationError::Syntax {
                at,
                found: Some(c),
                expected,
            } => {
                write!(
                    f,
                    "WXF move: unexpected {c:?} at character {at}, expected {expected}"
                )
            }
            NotationError::Syntax {
                at,
                found: None,
                expected,
            } => {
                write!(f, "WXF move: ends at character {at}, expected {expected}")
            }
            NotationError::NoSuchMove(s) => write!(f, "WXF move {s:?}: no legal move fits it here"),
            NotationError::Ambiguous(s) => {
                write!(f, "WXF move {s:?}: more than one legal move fits it")
            }
        }
    }
}

impl core::error::Error for NotationError {}

fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn digit(n: u8) -> char {
    char::from(b'0' + n % 10)
}

/// Writes `m` in WXF notation. `m` should be legal in `pos`; a move from an empty point is
/// written in ICCS coordinates instead.
pub fn write(pos: &Position, m: Move) -> String {
    let Some(c) = describe(pos, m) else {
        return alloc::format!("{m}");
    };
    let mut s = String::new();
    match c.which() {
        Which::File(f) => {
            s.push(letter(c.role));
            s.push(digit(f));
        }
        Which::Tandem { file, .. } => {
            // Two: front and back by sign; three or more: numbered from the front.
            s.push(match (c.count, c.index) {
                (2, 0) => '+',
                (2, _) => '-',
                (_, i) => digit(i + 1),
            });
            s.push(letter(c.role));
            if let Some(f) = file {
                s.push(digit(f));
            }
        }
    }
    s.push(match c.dir {
        Dir::Advance => '+',
        Dir::Retreat => '-',
        Dir::Traverse => '=',
    });
    s.push(digit(c.target));
    s
}

/// Reads a WXF move and finds the legal move of `pos` it names.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(NotationError::Empty);
    }
    let chars: Vec<char> = trimmed.chars().collect();
    let mut i;
    let err = |i: usize, expected: &'static str| NotationError::Syntax {
        at: i,
        found: chars.get(i).copied(),
        expected,
    };
    let role_at = |i: usize| chars.get(i).and_then(|&c| Role::from_char(c));
    let digit_at = |i: usize| {
        chars
            .get(i)
            .and_then(|c| c.to_digit(10))
            .filter(|&d| (1..=9).contains(&d))
            .map(|d| d as u8)
    };
    let which = if let Some(role) = role_at(0) {
        i = 1;
        let f = digit_at(i).ok_or_else(|| err(i, "a file digit 1-9"))?;
        i += 1;
        (role, Which::File(f))
    } else {
        let place = match chars[0] {
            '+' => Place::Front,
            '-' => Place::Back,
            c => match c.to_digit(10) {
                Some(k @ 1..=5) => Place::Nth(k as u8),
                _ => {
                    return Err(err(
                        0,
                        "a piece letter (K A E H R C P), '+', '-' or a digit 1-5",
                    ));
                }
            },
        };
        let role = role_at(1).ok_or_else(|| err(1, "a piece letter (K A E H R C P)"))?;
        i = 2;
        let file = digit_at(i);
        if file.is_some() {
            i += 1;
        }
        (role, Which::Tandem { place, file })
    };
    let dir = match chars.get(i) {
        Some('+') => Dir::Advance,
        Some('-') => Dir::Retreat,
        Some('=' | '.') => Dir::Traverse,
        _ => return Err(err(i, "a direction '+', '-' or '='")),
    };
    i += 1;
    let target = digit_at(i).ok_or_else(|| err(i, "a target digit 1-9"))?;
    i += 1;
    if i < chars.len() {
        return Err(err(i, "the end of the move"));
    }
    let d = Desc {
        role: which.0,
        which: which.1,
        dir,
        target,
    };
    match resolve(pos, &d) {
        (1, Some(m)) => Ok(m),
        (0, _) => Err(NotationError::NoSuchMove(trimmed.into())),
        _ => Err(NotationError::Ambiguous(trimmed.into())),
    }
}
