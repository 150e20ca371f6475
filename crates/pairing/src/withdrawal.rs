//! A player who leaves the event, and what happens to his games.
//!
//! FIDE leaves it to the regulations; AXF 2008 ch. 2 §6 三 and 四 decide it: in a round
//! robin, a player who leaves having played fewer than half his opponents has all his
//! results struck out, his opponents' points against him included; one who has played
//! half or more keeps them, and his games not played are lost by forfeit. In a Swiss
//! (积分循环制) his results stand whenever he leaves, and he is not paired again.

use crate::model::{Bye, Entry, GameResult, PlayerId, Tournament};

/// Which rule settles a withdrawal's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WithdrawalRule {
    /// The results stand; games paired but not played from the withdrawal on are lost
    /// by forfeit (FIDE, a Swiss under AXF, the 2017 rules, which say nothing else).
    ResultsStand,
    /// AXF 2008 ch. 2 §6 三: a round robin's.
    AxfRoundRobin,
}

/// `player` leaves before round `from_round`: marks him withdrawn and settles his games
/// already entered. Rounds entered later are settled by calling [`settle`] again.
pub fn withdraw(t: &mut Tournament, player: PlayerId, from_round: u32, rule: WithdrawalRule) {
    t.players[player.index()].withdrawn_from = Some(from_round);
    settle(t, rule);
}

/// Applies `rule` to every withdrawn player's entries (idempotent).
pub fn settle(t: &mut Tournament, rule: WithdrawalRule) {
    let opponents = t.players.len().saturating_sub(1);
    for index in 0..t.players.len() {
        let Some(from) = t.players[index].withdrawn_from else {
            continue;
        };
        let player = t.players[index].id;
        let played_before = t.players[index]
            .rounds
            .iter()
            .take(from as usize - 1)
            .filter(|e| e.is_played())
            .map(|e| e.opponent())
            .collect::<alloc::collections::BTreeSet<_>>()
            .len();
        // 不足半数: fewer than half of his opponents.
        let annul = rule == WithdrawalRule::AxfRoundRobin && 2 * played_before < opponents;
        let rounds = t.players[index].rounds.len() as u32;
        for round in 1..=rounds {
            let entry = t.players[index].rounds[round as usize - 1];
            let Entry::Game {
                opponent,
                colour,
                result,
            } = entry
            else {
                if round >= from {
                    t.set(player, round, Entry::Bye(Bye::Absent));
                }
                continue;
            };
            if annul {
                // Struck out on both sides: as if the game had never been paired.
                t.set(player, round, Entry::Bye(Bye::Absent));
                t.set(opponent, round, Entry::Bye(Bye::Absent));
            } else if round >= from && !matches!(result, GameResult::Played { .. }) {
                t.set(
                    player,
                    round,
                    Entry::Game {
                        opponent,
                        colour,
                        result: GameResult::Forfeit { won: false },
                    },
                );
                t.set(
                    opponent,
                    round,
                    Entry::Game {
                        opponent: player,
                        colour: colour.opposite(),
                        result: GameResult::Forfeit { won: true },
                    },
                );
            }
        }
    }
}
