//! Who sits where: the seats of a game and a challenger's choice of one. A module of its own,
//! used by the others and using none of them.

use serde::{Deserialize, Serialize};
use shatar_rules::Color;

/// A seat: White or Black, Red or Black in Xiangqi (Red moves first, as White does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// The challenger's colour (White or Red is `White`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColorChoice {
    White,
    Black,
    /// Drawn by the server when the challenge is accepted.
    Random,
}

impl ColorChoice {
    /// The challenger's side; `coin` decides a random choice.
    pub fn side(self, coin: bool) -> Side {
        match self {
            ColorChoice::White => Side::White,
            ColorChoice::Black => Side::Black,
            ColorChoice::Random if coin => Side::White,
            ColorChoice::Random => Side::Black,
        }
    }
}
