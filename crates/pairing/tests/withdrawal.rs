//! Withdrawals under AXF 2008 ch. 2 §6 三 and 四, on hand-computed crosstables.

use shatar_pairing::round_robin::{Cycles, pair_round};
use shatar_pairing::withdrawal::{WithdrawalRule, withdraw};
use shatar_pairing::{
    Entry, GameResult, Outcome, Pair, Player, PlayerId, Points, ScoreSystem, Tournament,
};

/// Five players, 2/1/0, the Berger table's rounds entered and White winning every game
/// of the rounds given as played; the rest pending.
fn event(played_rounds: u32) -> Tournament {
    let mut t = Tournament {
        scoring: ScoreSystem::AXF,
        rounds: Some(5),
        players: (1..=5)
            .map(|i| Player {
                id: PlayerId(i),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    for round in 1..=5 {
        let pairing = pair_round(5, Cycles::Single, round).unwrap();
        pairing.enter(&mut t, round);
        if round <= played_rounds {
            for pair in &pairing.pairs {
                if let Pair::Game { white, black } = *pair {
                    let win = GameResult::Played {
                        outcome: Outcome::Win,
                        rated: true,
                    };
                    t.record(round, white, black, win);
                }
            }
        }
    }
    t
}

fn scores(t: &Tournament, rounds: u32) -> Vec<Points> {
    t.players.iter().map(|p| t.score(p.id, rounds)).collect()
}

#[test]
fn fewer_than_half_played_strikes_out_every_result() {
    // Berger, 5 players: round 1 is 1-bye, 2-5, 3-4. Player 5 leaves after round 1,
    // having played 1 of his 4 opponents (lost to 2).
    let mut t = event(1);
    let before = scores(&t, 1);
    assert_eq!(before[1], Points::whole(2));
    withdraw(&mut t, PlayerId(5), 2, WithdrawalRule::AxfRoundRobin);
    // 2's win over 5 is struck out (包括其对手所得之分数); 3's over 4 stands.
    let after = scores(&t, 1);
    assert_eq!(after[1], Points::ZERO);
    assert_eq!(after[2], Points::whole(2));
    assert!(t.players[4].rounds.iter().all(|e| e.opponent().is_none()));
    assert!(t.check().is_ok());
}

#[test]
fn half_or_more_played_keeps_them_and_forfeits_the_rest() {
    // Berger, 5 players: 5 loses to 2 (round 1), beats 3 (round 2), loses to 4 (round
    // 3): 3 of his 4 opponents. He leaves before round 4 (his bye); round 5 is 5-1.
    let mut t = event(3);
    let before = scores(&t, 3);
    withdraw(&mut t, PlayerId(5), 4, WithdrawalRule::AxfRoundRobin);
    assert_eq!(scores(&t, 3), before);
    assert_eq!(
        t.players[4].rounds[3],
        Entry::Bye(shatar_pairing::Bye::Absent)
    );
    assert_eq!(
        t.players[0].rounds[4],
        Entry::Game {
            opponent: PlayerId(5),
            colour: shatar_pairing::Colour::Black,
            result: GameResult::Forfeit { won: true }
        }
    );
    assert!(t.check().is_ok());
    // A Swiss keeps every result, whenever he leaves (ch. 2 §6 四).
    let mut swiss = event(1);
    withdraw(&mut swiss, PlayerId(5), 2, WithdrawalRule::ResultsStand);
    assert_eq!(scores(&swiss, 1)[1], Points::whole(2));
}
