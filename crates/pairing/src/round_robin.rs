//! Round robin: FIDE's Berger tables (C.05 Annex 1).
//!
//! Built by the rule the tables follow rather than stored (M. Milvang, "Berger
//! explained", the algorithm Gacrux implements too): with N players (the odd one out
//! meeting player N, the dummy, has the round's bye),
//! - round 1: board b is b (White) against N + 1 - b;
//! - each later round: take the previous round's players other than N, board by board,
//!   White before Black; player N meets the last of them, with White in every other
//!   round (Black in round 2); the rest pair from the end of the list, the
//!   last-but-one with White against the last.

use alloc::vec;
use alloc::vec::Vec;

use crate::model::PlayerId;
use crate::pairing::{Pair, Pairing};

/// How many times everyone meets everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cycles {
    Single,
    /// The second cycle repeats the first with colours reversed (C.05 Annex 1), as
    /// Gacrux pairs it.
    Double,
    /// As `Double`, with the last two rounds of the first cycle swapped, as C.05
    /// Annex 1 recommends, so that nobody has the same colour three times running
    /// across the two cycles.
    DoubleLastTwoSwapped,
}

/// The Berger table of `players` players: `rounds()[r][b]` is round r + 1, board b + 1,
/// as (White, Black) pairing numbers from 1, with N = the even number of seats (the
/// dummy, for an odd number of players, is N).
pub fn berger_table(players: u32) -> Vec<Vec<(u32, u32)>> {
    let n = players + players % 2;
    let boards = (n / 2) as usize;
    if n < 2 {
        return Vec::new();
    }
    let mut rounds = Vec::with_capacity(n as usize - 1);
    rounds.push((1..=n / 2).map(|b| (b, n + 1 - b)).collect::<Vec<_>>());
    let mut dummy_white = false;
    for _ in 2..n {
        let previous = rounds.last().expect("round 1 is there");
        let mut list: Vec<u32> = previous
            .iter()
            .flat_map(|&(w, b)| [w, b])
            .filter(|&p| p != n)
            .collect();
        let mut round = vec![(0, 0); boards];
        let last = list.pop().expect("at least one other player");
        round[0] = if dummy_white { (last, n) } else { (n, last) };
        dummy_white = !dummy_white;
        for board in round.iter_mut().skip(1) {
            let black = list.pop().expect("an even number of players");
            let white = list.pop().expect("an even number of players");
            *board = (white, black);
        }
        rounds.push(round);
    }
    rounds
}

/// Round `round` (from 1) of a round robin of `players` players, or `None` past its last
/// round. The player meeting the dummy has the bye.
pub fn pair_round(players: u32, cycles: Cycles, round: u32) -> Option<Pairing> {
    let table = berger_table(players);
    let cycle = table.len() as u32;
    if round == 0 || cycle == 0 {
        return None;
    }
    let cycle_count = match cycles {
        Cycles::Single => 1,
        Cycles::Double | Cycles::DoubleLastTwoSwapped => 2,
    };
    if round > cycle * cycle_count {
        return None;
    }
    let second = round > cycle;
    let mut in_cycle = (round - 1) % cycle + 1;
    if cycles == Cycles::DoubleLastTwoSwapped && cycle >= 2 && !second && in_cycle >= cycle - 1 {
        in_cycle = 2 * cycle - 1 - in_cycle;
    }
    let mut pairs = Vec::new();
    let mut bye = None;
    for &(white, black) in &table[in_cycle as usize - 1] {
        let (white, black) = if second {
            (black, white)
        } else {
            (white, black)
        };
        if white > players {
            bye = Some(Pair::Bye(PlayerId(black)));
        } else if black > players {
            bye = Some(Pair::Bye(PlayerId(white)));
        } else {
            pairs.push(Pair::Game {
                white: PlayerId(white),
                black: PlayerId(black),
            });
        }
    }
    pairs.extend(bye);
    Some(Pairing { pairs })
}
