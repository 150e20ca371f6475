//! The tournament: players, and what each of them did in each round.
//!
//! A round's pairing lives in the players' entries, as a crosstable and a TRF file hold
//! it: a game appears twice, once in each player's row. [`Tournament::check`] finds the
//! rows that disagree.

use alloc::string::String;
use alloc::vec::Vec;

pub use crate::entry::{Bye, Colour, Entry, GameResult, Outcome, PlayerId};
use crate::points::Points;
use crate::scoring::ScoreSystem;

/// One player of the event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// 0 when unrated.
    pub rating: u16,
    /// The club or team, for prohibited pairings (same club) and the standings.
    pub club: String,
    /// TRF's fields we carry and do not use.
    pub sex: String,
    pub title: String,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// The points the file stated (TRF columns 81-84), for checking; ours are computed.
    pub stated_points: Option<Points>,
    /// The rank the file stated (columns 86-89).
    pub stated_rank: Option<u32>,
    /// One entry per round, from round 1; shorter when later rounds are not yet paired.
    pub rounds: Vec<Entry>,
    /// From this round on, the player is out of the event (not paired).
    pub withdrawn_from: Option<u32>,
    /// AXF's technical fouls (技术犯规, AXF 2008 ch. 2 §7), a tie-break there; TRF has
    /// no field for them.
    pub technical_fouls: u32,
    /// Points the arbiter gave or took outside any game (2017 art. 12.9 (4), (5)):
    /// counted in the score and the standings' points; TRF has no field for them.
    pub adjustment: Points,
}

impl Player {
    /// The entry of round `round` (from 1).
    pub fn entry(&self, round: u32) -> Option<&Entry> {
        self.rounds.get(round as usize - 1)
    }
}

/// The player with White on board 1 in round 1 (TRF record 152, or `XXC white1`/`black1`
/// which name player 1's colour): where the lots fell for the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstColour {
    /// Player 1 (the top board) has White in round 1.
    White,
    Black,
}

/// Players none of whom may be paired with another of them in rounds `first_round` to
/// `last_round` (C.04.1's prohibited pairings, TRF-2026 record 260).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prohibited {
    pub first_round: u32,
    pub last_round: u32,
    pub players: Vec<PlayerId>,
}

/// Virtual points added to a range of players' scores, for pairing only, in a range of
/// rounds (C.04.5.1 Baku acceleration; TRF-2026 record 250). Where several ranges hold
/// a player and a round, the last one counts, as Gacrux reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Acceleration {
    pub points: Points,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: PlayerId,
    pub last_player: PlayerId,
}

impl Tournament {
    /// The virtual points `player` pairs with in round `round` (0 without acceleration).
    pub fn virtual_points(&self, player: PlayerId, round: u32) -> Points {
        self.accelerations
            .iter()
            .rfind(|a| {
                (a.first_round..=a.last_round).contains(&round)
                    && (a.first_player..=a.last_player).contains(&player)
            })
            .map_or(Points::ZERO, |a| a.points)
    }

    /// Whether `a` and `b` may not be paired in round `round`.
    pub fn prohibited(&self, round: u32, a: PlayerId, b: PlayerId) -> bool {
        self.prohibited.iter().any(|p| {
            (p.first_round..=p.last_round).contains(&round)
                && p.players.contains(&a)
                && p.players.contains(&b)
        })
    }
}

/// The event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    pub name: String,
    pub city: String,
    pub federation: String,
    pub start_date: String,
    pub end_date: String,
    pub chief_arbiter: String,
    pub time_control: String,
    /// Record 092, free text.
    pub kind: String,
    /// The planned number of rounds (record 142, or `XXR`).
    pub rounds: Option<u32>,
    pub first_colour: Option<FirstColour>,
    pub scoring: ScoreSystem,
    pub players: Vec<Player>,
    /// The tie-break order the file names (record 212, or 202), as written.
    pub tie_breaks: Option<String>,
    /// Groups of players who must not meet (TRF-2026 record 260): same club, same
    /// family.
    pub prohibited: Vec<Prohibited>,
    /// Virtual points for pairing (Baku acceleration, record 250).
    pub accelerations: Vec<Acceleration>,
    /// Records this model does not hold, kept as they were so that writing the file back
    /// loses nothing another program put there.
    pub other_records: Vec<String>,
}

impl Tournament {
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.index()]
    }

    /// Whether round one has been paired: from then on the tie-break order is locked.
    pub fn started(&self) -> bool {
        self.players.iter().any(|p| !p.rounds.is_empty())
    }

    /// Sets the tie-break order (as TRF record 212 writes it), which the director may
    /// change until round one is paired and not after (issue 56: the players must know
    /// before they play what will separate them).
    pub fn set_tie_breaks(&mut self, order: String) -> Result<(), OrderLocked> {
        if self.started() {
            return Err(OrderLocked);
        }
        self.tie_breaks = Some(order);
        Ok(())
    }

    /// Enters a game of round `round` in both players' rows, `result` being White's.
    /// A double forfeit is entered with [`Tournament::record_double_forfeit`].
    pub fn record(&mut self, round: u32, white: PlayerId, black: PlayerId, result: GameResult) {
        self.set(
            white,
            round,
            Entry::Game {
                opponent: black,
                colour: Colour::White,
                result,
            },
        );
        self.set(
            black,
            round,
            Entry::Game {
                opponent: white,
                colour: Colour::Black,
                result: result.reversed(),
            },
        );
    }

    /// Neither player came: a forfeit loss for both.
    pub fn record_double_forfeit(&mut self, round: u32, white: PlayerId, black: PlayerId) {
        self.record(round, white, black, GameResult::Forfeit { won: false });
        self.set(
            black,
            round,
            Entry::Game {
                opponent: white,
                colour: Colour::Black,
                result: GameResult::Forfeit { won: false },
            },
        );
    }

    /// Sets one player's entry for `round`, rounds before it with nothing entered being
    /// absences.
    pub fn set(&mut self, player: PlayerId, round: u32, entry: Entry) {
        let rounds = &mut self.players[player.index()].rounds;
        let index = round as usize - 1;
        if rounds.len() <= index {
            rounds.resize(index + 1, Entry::Bye(Bye::Absent));
        }
        rounds[index] = entry;
    }

    /// The last round anyone has an entry for.
    pub fn rounds_entered(&self) -> u32 {
        self.players
            .iter()
            .map(|p| p.rounds.len() as u32)
            .max()
            .unwrap_or(0)
    }

    /// A player's points after `rounds` rounds.
    pub fn score(&self, id: PlayerId, rounds: u32) -> Points {
        let player = self.player(id);
        player
            .rounds
            .iter()
            .take(rounds as usize)
            .map(|e| self.scoring.points(e))
            .sum::<Points>()
            + player.adjustment
    }

    /// Checks that the rows agree: each game's two players name each other, with
    /// opposite colours and matching results, and nobody meets an unknown player.
    pub fn check(&self) -> Result<(), ModelError> {
        for (index, player) in self.players.iter().enumerate() {
            if player.id.index() != index {
                return Err(ModelError::Numbering { found: player.id });
            }
        }
        for player in &self.players {
            for (r, entry) in player.rounds.iter().enumerate() {
                let round = r as u32 + 1;
                let Entry::Game {
                    opponent,
                    colour,
                    result,
                } = *entry
                else {
                    continue;
                };
                let bad = ModelError::Mismatch {
                    round,
                    player: player.id,
                    opponent,
                };
                if opponent == player.id || opponent.0 == 0 {
                    return Err(bad);
                }
                let Some(other) = self.players.get(opponent.index()) else {
                    return Err(ModelError::UnknownOpponent {
                        round,
                        player: player.id,
                        opponent,
                    });
                };
                let Some(Entry::Game {
                    opponent: back,
                    colour: other_colour,
                    result: other_result,
                }) = other.entry(round).copied()
                else {
                    return Err(bad);
                };
                let results_agree = match (result, other_result) {
                    (
                        GameResult::Played { outcome: a, .. },
                        GameResult::Played { outcome: b, .. },
                    ) => a.reversed() == b,
                    (GameResult::Forfeit { won: a }, GameResult::Forfeit { won: b }) => !(a && b),
                    (GameResult::Pending, GameResult::Pending) => true,
                    _ => false,
                };
                if back != player.id || other_colour == colour || !results_agree {
                    return Err(bad);
                }
            }
        }
        Ok(())
    }
}

/// The tie-break order cannot change once round one is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderLocked;

impl core::fmt::Display for OrderLocked {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the tie-break order is locked: round one has been paired")
    }
}

/// Rows of a tournament that contradict each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// The players are not numbered 1, 2, 3, ... in order.
    Numbering { found: PlayerId },
    UnknownOpponent {
        round: u32,
        player: PlayerId,
        opponent: PlayerId,
    },
    /// The two rows of a game disagree (opponent, colour or result).
    Mismatch {
        round: u32,
        player: PlayerId,
        opponent: PlayerId,
    },
}

impl core::fmt::Display for ModelError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ModelError::Numbering { found } => {
                write!(
                    f,
                    "players must be numbered 1, 2, 3, ...; found {} out of place",
                    found.0
                )
            }
            ModelError::UnknownOpponent {
                round,
                player,
                opponent,
            } => write!(
                f,
                "round {round}: player {} meets player {}, who is not in the event",
                player.0, opponent.0
            ),
            ModelError::Mismatch {
                round,
                player,
                opponent,
            } => write!(
                f,
                "round {round}: player {}'s game against {} is not the same in {}'s row (opponent, colour or result)",
                player.0, opponent.0, opponent.0
            ),
        }
    }
}
