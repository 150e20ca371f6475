//! Pairing a round with the event's system, and checking a director's own pairing.

use std::collections::HashSet;

use shatar_pairing::knockout::{self, Tie};
use shatar_pairing::round_robin::{self, Cycles};
use shatar_pairing::{Pair, Pairing, PlayerId, axf_swiss, dutch};
use shatar_protocol::events::{EventError, PairWire, ResultWire, SystemWire};

use super::record::{Built, RecordExt};
use crate::store::events::EventRecord;
use crate::wire::Side;

/// The rounds a round robin of `players` has (the odd one out meeting the dummy).
pub fn round_robin_rounds(players: u32, double: bool) -> u32 {
    let seats = players + players % 2;
    let cycle = seats.saturating_sub(1);
    if double { 2 * cycle } else { cycle }
}

/// The rounds of a knockout of `players`: until one is left.
pub fn knockout_rounds(players: u32) -> u32 {
    players.max(2).next_power_of_two().trailing_zeros()
}

/// Round `round` (the next) of the event, as `(white, black)` numbers by board, a bye
/// with `black` `None`. `built` is the event rebuilt to pair it ([`super::record::Scope::ToPair`]).
pub fn pair(
    record: &EventRecord,
    built: &Built,
    round: u32,
) -> Result<Vec<(u32, Option<u32>)>, EventError> {
    let t = &built.t;
    let players = record.player_count();
    let pairing: Pairing = match record.event.settings.system {
        SystemWire::RoundRobin | SystemWire::DoubleRoundRobin => {
            let cycles = match record.event.settings.system {
                SystemWire::RoundRobin => Cycles::Single,
                _ => Cycles::DoubleLastTwoSwapped,
            };
            round_robin::pair_round(players, cycles, round)
                .ok_or(EventError::NoMoreRounds { rounds: round - 1 })?
        }
        SystemWire::Axf => axf_swiss::pair_round(t, round)
            .map_err(|e| EventError::CannotPair { why: e.to_string() })?,
        SystemWire::Dutch => dutch_round(t, round)?,
        SystemWire::Knockout => return knockout_round(record, built, round),
    };
    Ok(pairing
        .pairs
        .iter()
        .map(|pair| match *pair {
            Pair::Game { white, black } => (built.number(white), Some(built.number(black))),
            Pair::Bye(player) => (built.number(player), None),
        })
        .collect())
}

/// FIDE's Dutch system (C.04.3), any round; a round no pairing can keep the absolute
/// criteria in is the chief arbiter's (C.04.3 1.9.3): the director pairs it by hand.
fn dutch_round(t: &shatar_pairing::Tournament, round: u32) -> Result<Pairing, EventError> {
    dutch::pair_round(t, round).map_err(|e| EventError::CannotPair {
        why: format!("{e}: pair this round by hand (SetPairing)"),
    })
}

/// A knockout's round: the seeded bracket first, then the winners of the round before,
/// in bracket order (board order is bracket order, byes included).
fn knockout_round(
    record: &EventRecord,
    built: &Built,
    round: u32,
) -> Result<Vec<(u32, Option<u32>)>, EventError> {
    let seeds = knockout::seeds(&built.t.players);
    let ties = if round == 1 {
        knockout::first_round(&seeds)
    } else {
        let winners: Vec<Option<PlayerId>> = record
            .boards_of(round - 1)
            .iter()
            .map(|b| winner(record, b.round, b.board, b.white, b.black).map(|n| built.id(n)))
            .collect();
        if winners.len() < 2 {
            return Err(EventError::NoMoreRounds { rounds: round - 1 });
        }
        let seed_of = |p: PlayerId| seeds.iter().position(|&s| s == p).unwrap_or(0) as u32 + 1;
        winners
            .chunks(2)
            .filter_map(|pair| match *pair {
                [Some(a), Some(b)] if seed_of(a) <= seed_of(b) => Some(Tie::Match {
                    higher: a,
                    lower: b,
                }),
                [Some(a), Some(b)] => Some(Tie::Match {
                    higher: b,
                    lower: a,
                }),
                [Some(a), None] | [None, Some(a)] | [Some(a)] => Some(Tie::Bye(a)),
                _ => None,
            })
            .collect()
    };
    Ok(ties
        .into_iter()
        .map(|tie| match tie {
            // The better seed has White in the match's first game (knockout::MatchResult).
            Tie::Match { higher, lower } => (built.number(higher), Some(built.number(lower))),
            Tie::Bye(player) => (built.number(player), None),
        })
        .collect())
}

/// Who goes through from a knockout board: the winner, by forfeit too, or of the
/// tie-break games; nobody after a double forfeit.
pub fn winner(
    record: &EventRecord,
    round: u32,
    board: u32,
    white: u32,
    black: Option<u32>,
) -> Option<u32> {
    let Some(black) = black else {
        return Some(white);
    };
    let result = record.standing(round, board)?;
    match (result.result, result.tie_break_winner) {
        (ResultWire::WhiteWins | ResultWire::WhiteForfeitWin, _) => Some(white),
        (ResultWire::BlackWins | ResultWire::BlackForfeitWin, _) => Some(black),
        (ResultWire::Draw, Some(Side::White)) => Some(white),
        (ResultWire::Draw, Some(Side::Black)) => Some(black),
        _ => None,
    }
}

/// Checks a director's pairing of round `round` against the event rebuilt to pair it:
/// everyone who is to play appears once, nobody withdrawn or on a bye is paired, at most
/// one pairing-allocated bye (and to no one who had one, in a Swiss), and in a Swiss no
/// two players meet again. Says who and why when it refuses.
pub fn check_manual(
    record: &EventRecord,
    built: &Built,
    round: u32,
    boards: &[PairWire],
) -> Result<(), EventError> {
    let bad = |why: String| Err(EventError::BadPairing { why });
    let t = &built.t;
    let count = record.player_count();
    let mut seen = HashSet::new();
    let mut byes = 0;
    for (index, pair) in boards.iter().enumerate() {
        let board = index + 1;
        for number in std::iter::once(pair.white).chain(pair.black) {
            if number == 0 || number > count {
                return Err(EventError::UnknownPlayer { player: number });
            }
            if !seen.insert(number) {
                return bad(format!("player {number} is paired twice (board {board})"));
            }
            let player = t.player(built.id(number));
            if player.withdrawn_from.is_some_and(|w| w <= round) {
                return bad(format!("player {number} has withdrawn (board {board})"));
            }
            if player.entry(round).is_some() {
                return bad(format!(
                    "player {number} has a bye or is absent in round {round} (board {board})"
                ));
            }
        }
        match pair.black {
            None => {
                byes += 1;
                let had_bye = t.player(built.id(pair.white)).rounds.iter().any(|e| {
                    *e == shatar_pairing::Entry::Bye(shatar_pairing::Bye::PairingAllocated)
                });
                if record.event.settings.system.is_swiss() && had_bye {
                    return bad(format!(
                        "player {} has had the pairing-allocated bye already (C.04.1.c)",
                        pair.white
                    ));
                }
            }
            Some(black) if record.event.settings.system.is_swiss() => {
                let (w, b) = (built.id(pair.white), built.id(black));
                let met = t
                    .player(w)
                    .rounds
                    .iter()
                    .take(round as usize - 1)
                    .any(|e| e.opponent() == Some(b));
                if met {
                    return bad(format!(
                        "players {} and {black} have met already (board {board})",
                        pair.white
                    ));
                }
            }
            Some(_) => {}
        }
    }
    if byes > 1 {
        return bad(format!("{byes} byes: a round has at most one"));
    }
    let missing: Vec<String> = record
        .players
        .iter()
        .filter(|p| !seen.contains(&p.number))
        .filter(|p| {
            let player = t.player(built.id(p.number));
            player.withdrawn_from.is_none_or(|w| w > round)
                && player.entry(round).is_none()
                && p.entered_round <= round
        })
        .map(|p| p.number.to_string())
        .collect();
    if !missing.is_empty() {
        return bad(format!("players not paired: {}", missing.join(", ")));
    }
    Ok(())
}
