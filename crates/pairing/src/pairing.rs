//! A round's pairing, whatever made it, and the text bbpPairings and JaVaFo print.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::model::{Bye, Colour, Entry, GameResult, PlayerId, Tournament};

/// One board, or the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    Game { white: PlayerId, black: PlayerId },
    Bye(PlayerId),
}

/// The pairs of a round, by board; the bye, if any, last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    pub pairs: Vec<Pair>,
}

impl Pairing {
    /// bbpPairings' and JaVaFo's output: the number of pairs, then `white black` a line,
    /// a bye as `player 0`.
    pub fn to_bbp(&self) -> String {
        let mut out = format!("{}\n", self.pairs.len());
        for pair in &self.pairs {
            out += &match pair {
                Pair::Game { white, black } => format!("{} {}\n", white.0, black.0),
                Pair::Bye(p) => format!("{} 0\n", p.0),
            };
        }
        out
    }

    /// Enters the pairing as round `round` of `t`: each game pending, the bye allocated,
    /// everybody else who has no entry yet absent.
    pub fn enter(&self, t: &mut Tournament, round: u32) {
        let index = round as usize - 1;
        let mut set = |player: PlayerId, entry: Entry| {
            let rounds = &mut t.players[player.index()].rounds;
            if rounds.len() <= index {
                rounds.resize(index + 1, Entry::Bye(Bye::Absent));
            }
            rounds[index] = entry;
        };
        for pair in &self.pairs {
            match *pair {
                Pair::Game { white, black } => {
                    for (player, opponent, colour) in
                        [(white, black, Colour::White), (black, white, Colour::Black)]
                    {
                        set(
                            player,
                            Entry::Game {
                                opponent,
                                colour,
                                result: GameResult::Pending,
                            },
                        );
                    }
                }
                Pair::Bye(player) => set(player, Entry::Bye(Bye::PairingAllocated)),
            }
        }
        for player in &mut t.players {
            if player.rounds.len() <= index {
                player.rounds.resize(index + 1, Entry::Bye(Bye::Absent));
            }
        }
    }
}

/// The round a pairing program should pair next: the one after the last round in which
/// anyone has an opponent. Byes already entered for it (requested byes, absences) stay,
/// as bbpPairings and JaVaFo read them.
pub fn next_round(t: &Tournament) -> u32 {
    t.players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .rposition(|e| e.opponent().is_some() || *e == Entry::Bye(Bye::PairingAllocated))
        })
        .max()
        .map_or(1, |i| i as u32 + 2)
}
