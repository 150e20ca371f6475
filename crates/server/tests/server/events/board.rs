//! A round robin at the board: the director enters five players, pairs every round
//! (FIDE's Berger tables), enters the results by hand, corrects one, withdraws a player,
//! deducts points; the standings, crosstable, ranks, cards, TRF and PGN agree with the
//! results worked out by hand below.

use shatar_pairing::PlayerId;
use shatar_protocol::events::{
    DirectorAction, EventError, EventReply, NewEvent, PenaltyKind, ResultSource, ResultWire,
    SystemWire,
};
use shatar_rules::Ruleset;

use super::{Director, fresh};

const PLAYERS: [(&str, u16, &str); 5] = [
    ("Anu", 2100, "Tongliao"),
    ("Bat", 2000, "Hohhot"),
    ("Chimeg", 1900, "Tongliao"),
    ("Dorj", 1800, ""),
    ("Enkh", 1700, "Ulaanbaatar"),
];

fn result(round: u32, board: u32, result: ResultWire, reason: Option<&str>) -> DirectorAction {
    DirectorAction::EnterResult {
        round,
        board,
        result,
        reason: reason.map(Into::into),
        replaces: None,
        tie_break_winner: None,
    }
}

#[tokio::test]
async fn a_round_robin_at_the_board_from_entry_to_standings() {
    let (_data, server, _time) = fresh().await;
    let director = Director::create(
        server.addr,
        NewEvent {
            name: "Tongliao club round robin".into(),
            game: Some(Ruleset::Mongolian.into()),
            system: Some(SystemWire::RoundRobin),
            ..NewEvent::default()
        },
    )
    .await;
    let view = director.view().await;
    // The 2017 text's defaults: 1/½/0 and the Mongolian federation's order.
    assert_eq!(view.settings.tie_breaks, ["DE", "BH/C1", "BH", "SB"]);
    for (name, rating, club) in PLAYERS {
        director
            .ok(DirectorAction::AddPlayer {
                name: name.into(),
                rating,
                club: Some(club.into()),
            })
            .await;
    }
    // The order is the director's until round one is paired.
    director
        .ok(DirectorAction::SetTieBreaks {
            tie_breaks: vec!["DE".into(), "WIN".into(), "SB".into()],
        })
        .await;

    // Round 1 of FIDE's Berger table for 5 (C.05 Annex 1): 1-6 (the bye), 2-5, 3-4.
    let view = director
        .ok(DirectorAction::PairRound {
            round: 1,
            starts_at_ms: None,
        })
        .await;
    // Five players: four rounds... and a fifth, each sitting one out.
    assert_eq!(view.settings.rounds, 5);
    let pairs =
        |view: &shatar_protocol::events::EventView, round: usize| -> Vec<(u32, Option<u32>)> {
            view.rounds[round - 1]
                .boards
                .iter()
                .map(|b| (b.white, b.black))
                .collect()
        };
    assert_eq!(pairs(&view, 1), [(2, Some(5)), (3, Some(4)), (1, None)]);
    assert_eq!(
        director
            .act(DirectorAction::SetTieBreaks {
                tie_breaks: vec!["SB".into()]
            })
            .await,
        Err(EventError::OrderLocked)
    );
    // Round 2 waits for round 1's results.
    assert_eq!(
        director
            .act(DirectorAction::PairRound {
                round: 2,
                starts_at_ms: None
            })
            .await,
        Err(EventError::RoundNotFinished {
            round: 1,
            boards: vec![1, 2]
        })
    );
    director.ok(result(1, 1, ResultWire::WhiteWins, None)).await;
    director.ok(result(1, 2, ResultWire::WhiteWins, None)).await;

    let view = director
        .ok(DirectorAction::PairRound {
            round: 2,
            starts_at_ms: None,
        })
        .await;
    assert_eq!(pairs(&view, 2), [(5, Some(3)), (1, Some(2)), (4, None)]);
    // Board 1 entered wrong, then corrected: the correction names what it corrects and
    // says why; both stay in the board's history.
    let view = director.ok(result(2, 1, ResultWire::WhiteWins, None)).await;
    let wrong = view.rounds[1].boards[0].result.clone().unwrap();
    assert_eq!(
        director
            .act(result(2, 1, ResultWire::BlackWins, None))
            .await,
        Err(EventError::ResultChanged {
            current: Some(wrong.seq)
        })
    );
    let correction = DirectorAction::EnterResult {
        round: 2,
        board: 1,
        result: ResultWire::BlackWins,
        reason: None,
        replaces: Some(wrong.seq),
        tie_break_winner: None,
    };
    assert_eq!(
        director.act(correction.clone()).await,
        Err(EventError::ReasonRequired)
    );
    let view = director
        .ok(DirectorAction::EnterResult {
            round: 2,
            board: 1,
            result: ResultWire::BlackWins,
            reason: Some("slip signed 0-1; entered wrong".into()),
            replaces: Some(wrong.seq),
            tie_break_winner: None,
        })
        .await;
    let board = &view.rounds[1].boards[0];
    assert_eq!(board.result.as_ref().unwrap().result, ResultWire::BlackWins);
    assert_eq!(board.history.len(), 2);
    assert_eq!(board.history[0].result, ResultWire::WhiteWins);
    director.ok(result(2, 2, ResultWire::Draw, None)).await;

    // Enkh (5) leaves before round 3: his games from then on are lost by forfeit.
    director
        .ok(DirectorAction::Withdraw {
            player: 5,
            from_round: 3,
        })
        .await;
    let view = director
        .ok(DirectorAction::PairRound {
            round: 3,
            starts_at_ms: None,
        })
        .await;
    assert_eq!(pairs(&view, 3), [(3, Some(1)), (4, Some(5)), (2, None)]);
    // A forfeit needs its reason.
    assert_eq!(
        director
            .act(result(3, 1, ResultWire::BlackForfeitWin, None))
            .await,
        Err(EventError::ReasonRequired)
    );
    director.ok(result(3, 1, ResultWire::BlackWins, None)).await;
    // Board 2 (Dorj against Enkh) needs nothing: the withdrawal settled it.
    let view = director
        .ok(DirectorAction::PairRound {
            round: 4,
            starts_at_ms: None,
        })
        .await;
    assert_eq!(pairs(&view, 4), [(1, Some(4)), (2, Some(3)), (5, None)]);
    director.ok(result(4, 1, ResultWire::WhiteWins, None)).await;
    director.ok(result(4, 2, ResultWire::BlackWins, None)).await;
    // 2017 art. 12.9 (5): half a point taken from Bat, with the reason.
    director
        .ok(DirectorAction::Penalty {
            player: 2,
            round: 4,
            penalty: PenaltyKind::PointsDeducted { hundredths: 50 },
            reason: "phone rang in the playing hall (art. 12.8)".into(),
        })
        .await;
    let view = director
        .ok(DirectorAction::PairRound {
            round: 5,
            starts_at_ms: None,
        })
        .await;
    assert_eq!(pairs(&view, 5), [(4, Some(2)), (5, Some(1)), (3, None)]);
    director.ok(result(5, 1, ResultWire::WhiteWins, None)).await;
    assert_eq!(
        director
            .act(DirectorAction::PairRound {
                round: 6,
                starts_at_ms: None
            })
            .await,
        Err(EventError::NoMoreRounds { rounds: 5 })
    );
    director.ok(DirectorAction::EndEvent).await;

    // By hand (1/½/0, the bye a win):
    //   1 Anu:    U 1, ½ (2), 1 (3), 1 (4), + (5)        = 4.5
    //   3 Chimeg: 1 (4), 1 (5), 0 (1), 1 (2), U 1        = 4
    //   4 Dorj:   0 (3), U 1, + (5), 0 (1), 1 (2)        = 3
    //   2 Bat:    1 (5), ½ (1), U 1, 0 (3), 0 (4), -½   = 2
    //   5 Enkh:   0, 0, - , withdrawn, -                 = 0
    let EventReply::Standings(standings) = director.get("/standings").await.reply() else {
        panic!("standings");
    };
    assert_eq!(standings.tie_breaks, ["DE", "WIN", "SB"]);
    let table: Vec<(u32, u32, &str)> = standings
        .rows
        .iter()
        .map(|r| (r.rank, r.number, r.points.as_str()))
        .collect();
    assert_eq!(
        table,
        [
            (1, 1, "4.5"),
            (2, 3, "4"),
            (3, 4, "3"),
            (4, 2, "2"),
            (5, 5, "0")
        ]
    );
    // WIN counts byes and forfeits worth a win (C.07 §7.1).
    let wins: Vec<&str> = standings
        .rows
        .iter()
        .map(|r| r.values[1].as_str())
        .collect();
    assert_eq!(wins, ["4", "4", "3", "2", "0"]);
    assert_eq!(standings.rows[4].withdrawn_from, Some(3));

    // The standings after round 2, as they stood then (the penalty came in round 4).
    assert_eq!(
        director.points("?round=2").await,
        ["3:2", "1:1.5", "2:1.5", "4:1", "5:0"]
    );

    // The crosstable names opponents by their line in it.
    let EventReply::Crosstable(cross) = director.get("/crosstable").await.reply() else {
        panic!("crosstable");
    };
    let anu: Vec<String> = cross.rows[0]
        .cells
        .iter()
        .map(|c| {
            format!(
                "{}{}{}",
                c.opponent.map(|o| o.to_string()).unwrap_or_default(),
                match c.colour {
                    Some(shatar_server::wire::Side::White) => "w",
                    Some(shatar_server::wire::Side::Black) => "b",
                    None => "",
                },
                c.score
            )
        })
        .collect();
    assert_eq!(anu, ["U", "4w½", "2b1", "3w1", "5b+"]);

    let EventReply::Ranks(ranks) = director.get("/ranks").await.reply() else {
        panic!("ranks");
    };
    assert_eq!(ranks.players[0].2.len(), 5);
    assert_eq!(ranks.players[0].2[4], 1);

    let EventReply::Card(card) = director.get("/players/5").await.reply() else {
        panic!("card");
    };
    assert_eq!(card.player.withdrawn_from, Some(3));
    let scores: Vec<&str> = card.rounds.iter().map(|r| r.cell.score.as_str()).collect();
    assert_eq!(scores, ["0", "0", "-", "", "-"]);

    // The TRF reads back (as Swiss-Manager or Vega would) with the same points and ranks.
    let trf = director.get(".trf").await;
    assert_eq!(trf.status, 200);
    let back = shatar_pairing::trf::read(&trf.body).unwrap();
    assert_eq!(back.players.len(), 5);
    let anu = &back.players[0];
    assert_eq!(anu.name, "Anu");
    assert_eq!(anu.stated_rank, Some(1));
    assert_eq!(back.score(PlayerId(1), 5).to_string(), "4.5");
    assert_eq!(back.rounds, Some(5));

    // Every game in the PGN, the forfeits marked.
    let pgn = director.get(".pgn").await;
    assert_eq!(pgn.status, 200);
    assert_eq!(
        pgn.body
            .matches("[Event \"Tongliao club round robin\"]")
            .count(),
        10
    );
    assert_eq!(
        pgn.body
            .matches("[Termination \"abandoned\"]\n[TerminationDetails \"forfeit\"]")
            .count(),
        2
    );
    assert!(
        pgn.body
            .contains("[Round \"2.1\"]\n[White \"Enkh\"]\n[Black \"Chimeg\"]\n[Result \"0-1\"]")
    );

    // Ended: nothing more is paired, and every result entered is still there.
    assert_eq!(
        director
            .act(DirectorAction::AddPlayer {
                name: "Late".into(),
                rating: 0,
                club: None
            })
            .await,
        Err(EventError::Ended)
    );
    let view = director.view().await;
    assert!(view.ended);
    let entered: usize = view
        .rounds
        .iter()
        .flat_map(|r| &r.boards)
        .map(|b| b.history.len())
        .sum();
    assert_eq!(entered, 9);
    assert!(
        view.rounds
            .iter()
            .flat_map(|r| &r.boards)
            .filter_map(|b| b.result.as_ref())
            .all(|r| r.source == ResultSource::Director)
    );
    assert_eq!(view.penalties.len(), 1);
    server.stop().await.unwrap();
}
