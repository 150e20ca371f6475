//! A whole game of each of the four games, played to its end over WebSockets.

use std::sync::Arc;

use shatar_rules::{Color, EndReason, GameKind, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::{ErrorKind, OutcomeWire, ServerMessage};

use crate::support::{Client, Game, refused, start};

/// Legal-move-by-move games and how each ends.
fn games() -> [(GameKind, &'static [&'static str], Outcome); 4] {
    let white_mates = Outcome::win(Color::White, EndReason::Checkmate);
    // 2017 art. 1.2: the compulsory first round 1.e4 e5 (or 1.d4 d5), then the scholar's
    // mate, which is a mate under the folk rules too (a queen's, not a knight's, folk ⑥).
    let scholars: &[&str] = &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
    [
        (Ruleset::Mongolian.into(), scholars, white_mates),
        (Ruleset::MongolianFolk.into(), scholars, white_mates),
        (
            Ruleset::Chess.into(),
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            Outcome::win(Color::Black, EndReason::Checkmate),
        ),
        // The cannon takes the elephant over its own soldier's screen and mates over the
        // advisor's: the general's way out (f9) was left by that advisor.
        (
            GameKind::Xiangqi,
            &["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"],
            white_mates,
        ),
    ]
}

#[tokio::test]
async fn a_whole_game_of_each_of_the_four_games_is_played_to_its_mate() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    for (kind, moves, outcome) in games() {
        let mut game = Game::start(&server, kind).await;
        let mut spectator = Client::connect(&server).await;
        spectator.watch(game.id).await;
        game.play(0, moves).await;
        let snapshot = spectator.watch(game.id).await;
        assert_eq!(snapshot.moves, moves, "{kind}");
        assert_eq!(snapshot.outcome, Some(OutcomeWire(outcome)), "{kind}");
        assert_eq!(snapshot.clock.running, None, "{kind}: the clocks stop");
        let last = moves.len() as u32 - 1;
        for _ in 0..last {
            assert!(matches!(
                spectator.unasked().await,
                ServerMessage::Moved { outcome: None, .. }
            ));
        }
        assert!(
            matches!(spectator.unasked().await, ServerMessage::Moved { ply, outcome: Some(o), .. }
                if ply == last && o.0 == outcome),
            "{kind}"
        );
        // Nothing more is played, resigned, offered or aborted in a finished game.
        let over = ErrorKind::GameOver {
            outcome: OutcomeWire(outcome),
        };
        let mover = if last.is_multiple_of(2) {
            &mut game.black
        } else {
            &mut game.white
        };
        assert_eq!(
            refused(
                mover
                    .request(shatar_server::wire::ClientMessage::Resign { game: game.id })
                    .await
            ),
            over
        );
    }
    server.stop().await.unwrap();
}

/// AXF 2008 ruling 1: Red's chariot checks the general from h8 and h7 in turn while the
/// general steps between e8 and e7; perpetual check loses, so the repetition is Red's
/// loss, decided by the server when the cycle comes round again.
#[tokio::test]
async fn a_xiangqi_perpetual_check_is_lost_by_the_side_that_checks() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, GameKind::Xiangqi).await;
    // The chariot comes up the h-file, taking the cannon on h7; the general steps up.
    let opening = [
        "h2e2", "e9e8", "h0g2", "i6i5", "i0h0", "a6a5", "h0h7", "a5a4",
    ];
    game.play(0, &opening).await;
    let cycle = ["h7h8", "e8e7", "h8h7", "e7e8"];
    let mut ply = opening.len() as u32;
    let outcome = 'play: {
        for text in cycle.iter().cycle().take(cycle.len() * 4) {
            let mover = if ply.is_multiple_of(2) {
                &mut game.white
            } else {
                &mut game.black
            };
            match mover.play(game.id, ply, text).await {
                ServerMessage::Accepted => ply += 1,
                ServerMessage::Error {
                    error: ErrorKind::GameOver { outcome },
                } => break 'play outcome.0,
                other => panic!("{text}: {other:?}"),
            }
        }
        panic!("the repetition was never ruled on");
    };
    assert_eq!(
        outcome,
        Outcome::win(Color::Black, EndReason::ForbiddenRepetition)
    );
    let snapshot = game.white.watch(game.id).await;
    assert_eq!(snapshot.outcome, Some(OutcomeWire(outcome)));
    assert!(
        snapshot.moves.len() > opening.len() + 8,
        "{:?}",
        snapshot.moves
    );
    server.stop().await.unwrap();
}
