//! The traditional Chinese notation (中文纵线记谱法), four characters a move: the piece, the
//! file it stands on, the direction and the target (AXF 2008 ch. 2 §3 art. 一; 1956 ch. 4).
//!
//! - Files are counted from the mover's own right: Red writes Chinese numerals 一–九 (file i
//!   is 一), Black Arabic digits 1–9 (file a is 1), as the 1956 board's margins carry them
//!   (1956 ch. 1 (一)). Reading takes either kind, and full-width digits １–９, for both.
//! - 进 advances, 退 retreats, 平 moves along the rank; 1956's 上 and 下 are read as 进 and
//!   退, and AXF's international signs `+`, `-`, `=`, `.` and `·` (art. 二) too.
//! - The target is the number of ranks for a straight mover (车 炮 兵/卒 帅/将) going forward
//!   or back, and the file reached for any 平 and for every move of 马, 仕/士 and 相/象.
//! - Red writes 帅 仕 相 俥 傌 炮 兵, Black 将 士 象 车 马 砲 卒; reading takes any of
//!   帅帥將将, 仕士, 相象, 车車俥, 马馬傌, 炮砲, 兵卒 for either side.
//! - Two like pieces on one file (art. 五): 前 or 后 replaces the file, written before the
//!   piece (前车进一); art. 五's other order, piece first (车前进一, 马后进八), is read too,
//!   and 後 for 后. "Front" is the piece nearer the opponent.
//! - Three soldiers on one file: 前, 中, 后; four or five: numbered 一, 二, 三… from the
//!   front (一兵平四). The AXF text (art. 五) only covers two pieces; this follows the
//!   common convention of the Chinese Xiangqi Association's rules.
//! - Two or more soldiers on each of two files: the position word is followed by the file
//!   and the piece is left out (前七进一, 中３平４); 前兵七进一 is read too.
//!
//! ```
//! use shatar_rules::xiangqi::{chinese, Position};
//! let mut pos = Position::new();
//! let m = chinese::parse(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! pos.play(m).unwrap();
//! let m = chinese::parse(&pos, "马8进7").unwrap();
//! assert_eq!(m.to_string(), "h9g7");
//! assert_eq!(chinese::write(&pos, m), "马8进7");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::board::Role;
use super::moves::Move;
use super::position::Position;
use super::wxf::{Desc, Dir, Place, Which, describe, resolve};
use crate::types::Color;

/// What went wrong reading a move in Chinese notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing to read.
    Empty,
    /// A character that has no place in the notation, at this character position (from 0).
    UnknownChar { at: usize, found: char },
    /// Known characters in an order that is not a move (as `炮五二平`).
    Form(String),
    /// Well formed, but no legal move fits it.
    NoSuchMove(String),
    /// Well formed, but several legal moves fit it.
    Ambiguous(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move in Chinese notation"),
            NotationError::UnknownChar { at, found } => {
                write!(
                    f,
                    "Chinese notation: {found:?} at character {at} is no piece, numeral or direction"
                )
            }
            NotationError::Form(s) => write!(
                f,
                "Chinese notation {s:?}: not a move; expected piece, file, 进/退/平, target (炮二平五) or 前/后 + piece (前车进一)"
            ),
            NotationError::NoSuchMove(s) => {
                write!(f, "Chinese notation {s:?}: no legal move fits it here")
            }
            NotationError::Ambiguous(s) => write!(
                f,
                "Chinese notation {s:?}: more than one legal move fits it"
            ),
        }
    }
}

impl core::error::Error for NotationError {}

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn name(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::General) => '帅',
        (Color::White, Role::Advisor) => '仕',
        (Color::White, Role::Elephant) => '相',
        (Color::White, Role::Horse) => '傌',
        (Color::White, Role::Chariot) => '俥',
        (Color::White, Role::Cannon) => '炮',
        (Color::White, Role::Soldier) => '兵',
        (Color::Black, Role::General) => '将',
        (Color::Black, Role::Advisor) => '士',
        (Color::Black, Role::Elephant) => '象',
        (Color::Black, Role::Horse) => '马',
        (Color::Black, Role::Chariot) => '车',
        (Color::Black, Role::Cannon) => '砲',
        (Color::Black, Role::Soldier) => '卒',
    }
}

fn numeral(color: Color, n: u8) -> char {
    match color {
        Color::White => RED_NUMERALS[(n.clamp(1, 9) - 1) as usize],
        Color::Black => char::from(b'0' + n % 10),
    }
}

/// Writes `m` in Chinese notation. `m` should be legal in `pos`; a move from an empty point
/// is written in ICCS coordinates instead.
pub fn write(pos: &Position, m: Move) -> String {
    let (Some(c), Some(piece)) = (describe(pos, m), pos.board().piece_at(m.from)) else {
        return alloc::format!("{m}");
    };
    let color = piece.color;
    let mut s = String::new();
    match c.which() {
        Which::File(f) => {
            s.push(name(color, c.role));
            s.push(numeral(color, f));
        }
        Which::Tandem { place, file } => {
            s.push(match place {
                Place::Front => '前',
                Place::Middle => '中',
                Place::Back => '后',
                // Positions count with Chinese numerals for both sides.
                Place::Nth(k) => RED_NUMERALS[(k.clamp(1, 9) - 1) as usize],
            });
            match file {
                Some(f) => s.push(numeral(color, f)),
                None => s.push(name(color, c.role)),
            }
        }
    }
    s.push(match c.dir {
        Dir::Advance => '进',
        Dir::Retreat => '退',
        Dir::Traverse => '平',
    });
    s.push(numeral(color, c.target));
    s
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tok {
    Pc(Role),
    Nm(u8),
    Pl(Place),
    Dr(Dir),
}

fn token(c: char) -> Option<Tok> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Tok::Pc(Role::General),
        '仕' | '士' => Tok::Pc(Role::Advisor),
        '相' | '象' => Tok::Pc(Role::Elephant),
        '马' | '馬' | '傌' => Tok::Pc(Role::Horse),
        '车' | '車' | '俥' => Tok::Pc(Role::Chariot),
        '炮' | '砲' => Tok::Pc(Role::Cannon),
        '兵' | '卒' => Tok::Pc(Role::Soldier),
        '前' => Tok::Pl(Place::Front),
        '中' => Tok::Pl(Place::Middle),
        '后' | '後' => Tok::Pl(Place::Back),
        '进' | '進' | '上' | '+' | '＋' => Tok::Dr(Dir::Advance),
        '退' | '下' | '-' | '－' => Tok::Dr(Dir::Retreat),
        '平' | '=' | '.' | '·' | '＝' => Tok::Dr(Dir::Traverse),
        '1'..='9' => Tok::Nm(c as u8 - b'0'),
        '１'..='９' => Tok::Nm((c as u32 - '１' as u32 + 1) as u8),
        _ => Tok::Nm(RED_NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
    })
}

/// Reads a move in Chinese notation and finds the legal move of `pos` it names.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(NotationError::Empty);
    }
    let mut toks = Vec::new();
    for (at, c) in trimmed.chars().filter(|c| !c.is_whitespace()).enumerate() {
        toks.push(token(c).ok_or(NotationError::UnknownChar { at, found: c })?);
    }
    use Tok::*;
    let tandem = |place, file| Which::Tandem { place, file };
    let (role, which, dir, target) = match toks[..] {
        [Pc(r), Nm(f), Dr(d), Nm(t)] => (r, Which::File(f), d, t),
        [Pl(p), Pc(r), Dr(d), Nm(t)] | [Pc(r), Pl(p), Dr(d), Nm(t)] => (r, tandem(p, None), d, t),
        [Nm(k), Pc(r), Dr(d), Nm(t)] => (r, tandem(Place::Nth(k), None), d, t),
        [Pl(p), Nm(f), Dr(d), Nm(t)] => (Role::Soldier, tandem(p, Some(f)), d, t),
        [Nm(k), Nm(f), Dr(d), Nm(t)] => (Role::Soldier, tandem(Place::Nth(k), Some(f)), d, t),
        [Pl(p), Pc(r), Nm(f), Dr(d), Nm(t)] => (r, tandem(p, Some(f)), d, t),
        [Nm(k), Pc(r), Nm(f), Dr(d), Nm(t)] => (r, tandem(Place::Nth(k), Some(f)), d, t),
        _ => return Err(NotationError::Form(trimmed.into())),
    };
    match resolve(
        pos,
        &Desc {
            role,
            which,
            dir,
            target,
        },
    ) {
        (1, Some(m)) => Ok(m),
        (0, _) => Err(NotationError::NoSuchMove(trimmed.into())),
        _ => Err(NotationError::Ambiguous(trimmed.into())),
    }
}
