//! Colour preferences (C.04.3 A.6) and the colour allocation rules (C.04.3 E), as
//! Gacrux applies them.

use alloc::vec::Vec;

use crate::model::{Colour, Entry, FirstColour, PlayerId, Tournament};
use crate::points::Points;

/// How much a player wants his preferred colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// The colour difference is 0: alternate from the last game.
    Mild,
    /// The colour difference is ±1.
    Strong,
    /// The colour difference is beyond ±1, or the last two games had one colour.
    Absolute,
}

/// A player's colour preference; `None` before his first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preference {
    pub colour: Colour,
    pub strength: Strength,
}

/// The colours of a player's games played over the board (forfeits and byes do not
/// count, C.04.3 A.6), in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColourHistory {
    pub colours: Vec<Colour>,
}

impl ColourHistory {
    /// The player's history before round `round`.
    pub fn of(t: &Tournament, player: PlayerId, round: u32) -> ColourHistory {
        let colours = t
            .player(player)
            .rounds
            .iter()
            .take(round as usize - 1)
            .filter(|e| e.is_played())
            .filter_map(Entry::played_colour)
            .collect();
        ColourHistory { colours }
    }

    /// Games with White less games with Black.
    pub fn difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|&c| if c == Colour::White { 1 } else { -1 })
            .sum()
    }

    fn last_two(&self) -> Option<Colour> {
        match self.colours.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        }
    }

    /// C.04.3 A.6: absolute for White when the difference is below -1 or the last two
    /// games were Black (Gacrux reads "or" as unconditional up to a difference of +1),
    /// strong at ±1, mild at 0 (the other colour than the last game).
    pub fn preference(&self) -> Option<Preference> {
        use {Colour::*, Strength::*};
        let cd = self.difference();
        let last_two = self.last_two();
        let (colour, strength) = if cd <= -2 || (cd <= 1 && last_two == Some(Black)) {
            (White, Absolute)
        } else if cd >= 2 || (cd >= -1 && last_two == Some(White)) {
            (Black, Absolute)
        } else if cd == -1 {
            (White, Strong)
        } else if cd == 1 {
            (Black, Strong)
        } else {
            (self.colours.last()?.opposite(), Mild)
        };
        Some(Preference { colour, strength })
    }
}

/// One player of a pair, as the allocation sees him.
pub struct Side<'a> {
    pub id: PlayerId,
    /// His pairing number this round ([`pairing_numbers`]).
    pub number: u32,
    pub score: Points,
    pub history: &'a ColourHistory,
}

/// Each player's pairing number for round `round`, as Gacrux numbers them: in the order
/// of the initial ranking, counting only the players paired this round or in an earlier
/// one, so that a player who has not yet come leaves no gap (`None` for him).
pub fn pairing_numbers(t: &Tournament, round: u32) -> Vec<Option<u32>> {
    let mut next = 0;
    t.players
        .iter()
        .map(|p| {
            // Paired this round: to be (no entry yet), or already (a finished file).
            let present = match p.entry(round) {
                None => p.withdrawn_from.is_none_or(|w| w > round),
                Some(e) => {
                    e.opponent().is_some() || *e == Entry::Bye(crate::model::Bye::PairingAllocated)
                }
            };
            let paired_before = p.rounds.iter().take(round as usize - 1).any(|e| {
                e.opponent().is_some() || *e == Entry::Bye(crate::model::Bye::PairingAllocated)
            });
            (present || paired_before).then(|| {
                next += 1;
                next
            })
        })
        .collect()
}

/// White and Black for a pair (C.04.3 E.1-E.5); `first` is the colour of player 1 on
/// board 1 in round 1 (the drawing of lots).
pub fn allocate(a: &Side<'_>, b: &Side<'_>, first: FirstColour) -> (PlayerId, PlayerId) {
    let a_white = (a.id, b.id);
    let b_white = (b.id, a.id);
    let (pa, pb) = (a.history.preference(), b.history.preference());
    let colour = |p: Option<Preference>| p.map(|p| p.colour);
    let strength = |p: Option<Preference>| p.map(|p| p.strength);
    // E.1: both preferences granted.
    if colour(pa) != colour(pb) {
        return match (colour(pa), colour(pb)) {
            (Some(Colour::White), _) | (_, Some(Colour::Black)) => a_white,
            _ => b_white,
        };
    }
    // E.2: the stronger preference; between two equal ones, the wider colour difference.
    if let (Some(p), Some(q)) = (pa, pb)
        && p.strength != q.strength
    {
        let a_wins = p.strength > q.strength;
        return if (p.colour == Colour::White) == a_wins {
            a_white
        } else {
            b_white
        };
    }
    let (da, db) = (a.history.difference(), b.history.difference());
    if da != db && strength(pa) == strength(pb) {
        return if da < db { a_white } else { b_white };
    }
    // E.3: alternate from the latest game in which they had different colours, the two
    // histories compared from their last games back.
    let (ha, hb) = (&a.history.colours, &b.history.colours);
    for i in 1..=ha.len().min(hb.len()) {
        let (ca, cb) = (ha[ha.len() - i], hb[hb.len() - i]);
        if ca != cb {
            return if ca == Colour::Black {
                a_white
            } else {
                b_white
            };
        }
    }
    // E.4: the higher-ranked player's preference (higher score, then lower number).
    let a_higher = a.score > b.score || (a.score == b.score && a.number < b.number);
    let (high, low, high_number) = if a_higher {
        (a.id, b.id, a.number)
    } else {
        (b.id, a.id, b.number)
    };
    if let Some(p) = pa {
        return if p.colour == Colour::White {
            (high, low)
        } else {
            (low, high)
        };
    }
    // E.5: the initial colour to the higher-ranked player if his number is odd.
    let initial_white = first == FirstColour::White;
    if (high_number % 2 == 1) == initial_white {
        (high, low)
    } else {
        (low, high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    fn history(colours: &[Colour]) -> ColourHistory {
        ColourHistory {
            colours: colours.to_vec(),
        }
    }

    #[test]
    fn preferences_of_a6() {
        let pref = |c: &[Colour]| history(c).preference().map(|p| (p.colour, p.strength));
        assert_eq!(pref(&[]), None);
        assert_eq!(pref(&[White]), Some((Black, Strength::Strong)));
        assert_eq!(pref(&[White, Black]), Some((White, Strength::Mild)));
        assert_eq!(pref(&[White, White]), Some((Black, Strength::Absolute)));
        assert_eq!(
            pref(&[Black, White, White]),
            Some((Black, Strength::Absolute))
        );
        // wwwbb: the difference is +1 but the last two were Black: absolute White.
        assert_eq!(
            pref(&[White, White, White, Black, Black]),
            Some((White, Strength::Absolute))
        );
    }
}
