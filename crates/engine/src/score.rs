//! Search values: centipawns, and mate scores that carry the distance to mate so that the
//! search prefers the quickest mate and the longest defence.

/// A value inside the search, from the side to move's point of view.
pub type Value = i32;

/// Beyond every value: the initial window.
pub const INFINITE: Value = 32_000;
/// Being mated at the root; mated in `n` plies is `-MATE + n`.
pub const MATE: Value = 31_000;
/// Deeper than any search: values beyond this are mate scores.
pub const MAX_PLY: usize = 128;
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;
pub const DRAW: Value = 0;
/// A game won by a ruling on a repetition (Xiangqi's perpetual check or chase) inside the
/// search.
/// Not a mate score, on purpose: the ruling is read from one repetition on the search path,
/// a forecast that the loser would have to go on (as a repetition's draw score is), not a
/// forced end. So it carries no distance, is never shown as a mate nor ends the iterative
/// deepening as a proven mate does, and sits below every real mate (the table stores it
/// as it is) yet far above any material score.
pub const RULED_WIN: Value = 20_000;

/// The value of being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// The value of mating `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

#[inline]
pub const fn is_mate(v: Value) -> bool {
    v.abs() >= MATE_BOUND
}

/// Mate scores are stored in the transposition table relative to the node, not the root,
/// so a stored "mate in 3 from here" means the same wherever the node is met again.
#[inline]
pub const fn to_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

#[inline]
pub const fn from_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// A value as a GUI shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(i32),
    /// Mate in this many moves (not plies); negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    pub const fn from_value(v: Value) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Centipawns(v)
        }
    }
}

/// UCI form: `cp 35`, `mate 3`, `mate -2`.
impl core::fmt::Display for Score {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distance_in_moves() {
        assert_eq!(Score::from_value(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_value(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_value(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_value(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_value(57), Score::Centipawns(57));
    }

    #[test]
    fn table_values_are_relative_to_the_node() {
        let at_root = mate_in(7);
        assert_eq!(from_tt(to_tt(at_root, 4), 4), at_root);
        assert_eq!(from_tt(to_tt(at_root, 4), 2), mate_in(5));
        assert_eq!(to_tt(-120, 9), -120);
    }
}
