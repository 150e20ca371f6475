//! What one player did in one round: the values a crosstable's cell holds.

/// A player's pairing number (TRF's starting rank), from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u32);

impl PlayerId {
    /// The index of the player in [`crate::Tournament::players`].
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// The side that moves first is `White` in every game here: Red in Xiangqi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A game's outcome for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// A pairing's result for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Played over the board; `rated` is false for TRF's `W`, `D`, `L` (a game that does
    /// not count for rating, such as one against an unrated player in some events).
    Played { outcome: Outcome, rated: bool },
    /// Not played: one player did not come (`+`/`-`), or neither did (both `-`).
    Forfeit { won: bool },
    /// Paired, no result yet.
    Pending,
}

impl GameResult {
    /// The same result seen from the opponent's side.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Played { outcome, rated } => GameResult::Played {
                outcome: outcome.reversed(),
                rated,
            },
            GameResult::Forfeit { won } => GameResult::Forfeit { won: !won },
            GameResult::Pending => GameResult::Pending,
        }
    }
}

/// A round in which a player had no opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bye {
    /// Given by the pairing to the one player left over (TRF `U`; FIDE C.04.1.c).
    PairingAllocated,
    /// A requested full-point bye (TRF `F`), where the regulations allow one.
    FullPoint,
    /// A requested half-point bye (TRF `H`).
    HalfPoint,
    /// A requested zero-point bye (TRF `Z`).
    ZeroPoint,
    /// Not paired: absent, withdrawn, or not yet entered (TRF `-` or blank).
    Absent,
}

/// What one player did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    Game {
        opponent: PlayerId,
        colour: Colour,
        result: GameResult,
    },
    Bye(Bye),
}

impl Entry {
    /// Whether a game was played over the board (C.07's "played game").
    pub fn is_played(&self) -> bool {
        matches!(
            self,
            Entry::Game {
                result: GameResult::Played { .. },
                ..
            }
        )
    }

    /// The opponent, in a pairing (played, forfeited or pending).
    pub fn opponent(&self) -> Option<PlayerId> {
        match self {
            Entry::Game { opponent, .. } => Some(*opponent),
            Entry::Bye(_) => None,
        }
    }

    /// The colour, in a game that was played or is to be.
    pub fn played_colour(&self) -> Option<Colour> {
        match self {
            Entry::Game {
                colour,
                result: GameResult::Played { .. } | GameResult::Pending,
                ..
            } => Some(*colour),
            _ => None,
        }
    }
}

impl Default for PlayerId {
    fn default() -> PlayerId {
        PlayerId(1)
    }
}
