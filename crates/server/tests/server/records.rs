//! Correspondence games, a player's list of its games, and the PGN records.

use std::sync::Arc;

use shatar_rules::{Color, EndReason, GameKind, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::time_control::{DAY_MS, MAX_DAYS, MIN_DAYS};
use shatar_server::wire::{
    BadTimeControl, ClientMessage, ColorChoice, ErrorKind, MyGame, OutcomeWire, Proposal,
    ServerMessage, Side, TimeControlWire,
};

use crate::support::{Client, Game, http_get, refused, start};

async fn my_games(client: &mut Client) -> Vec<MyGame> {
    match client.request(ClientMessage::MyGames).await {
        ServerMessage::MyGames { games } => games,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_correspondence_game_gives_days_a_move_survives_a_restart_and_flags() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut lone = Client::player(&server).await;
    for days in [0, MAX_DAYS + 1] {
        let request = ClientMessage::CreateChallenge {
            kind: Ruleset::Mongolian.into(),
            time_control: TimeControlWire::days(days),
            color: ColorChoice::White,
            open: false,
        };
        assert_eq!(
            refused(lone.request(request).await),
            ErrorKind::BadTimeControl {
                why: BadTimeControl::BadDays {
                    min: MIN_DAYS,
                    max: MAX_DAYS
                }
            }
        );
    }
    let mut game =
        Game::start_with(&server, Ruleset::Mongolian.into(), TimeControlWire::days(3)).await;
    let id = game.id;
    game.black
        .accepted(ClientMessage::SetName {
            name: Some("Black".into()),
        })
        .await;
    let mine = my_games(&mut game.white).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(
        (mine[0].game, mine[0].side, mine[0].your_move, mine[0].plies),
        (id, Side::White, true, 0)
    );
    assert_eq!(mine[0].opponent_name.as_deref(), Some("Black"));
    assert_eq!(mine[0].time_control, TimeControlWire::days(3));
    // Two days for White's move, nearly three for Black's: no flag, for each move has its
    // days afresh.
    time.advance(2 * DAY_MS);
    game.play(0, &["d2d4"]).await;
    time.advance(3 * DAY_MS - 1_000);
    game.play(1, &["d7d5"]).await;
    // A draw offer waits for its answer across the restart.
    game.black
        .accepted(ClientMessage::Propose {
            game: id,
            proposal: Proposal::Draw,
        })
        .await;
    assert!(!my_games(&mut game.black).await[0].your_move);
    assert!(my_games(&mut game.white).await[0].your_move);
    let credentials = [
        game.white.credentials.clone().unwrap(),
        game.black.credentials.clone().unwrap(),
    ];
    drop(game);
    server.stop().await.unwrap();

    // Down for a day: in correspondence that day is White's.
    time.advance(DAY_MS);
    let server = start(&data, None, time.clone()).await;
    let mut white = Client::again(&server, &credentials[0]).await;
    let snapshot = white.watch(id).await;
    assert_eq!(snapshot.time_control, TimeControlWire::days(3));
    assert_eq!(snapshot.moves, ["d2d4", "d7d5"]);
    assert_eq!(snapshot.clock.running, Some(Side::White));
    assert_eq!(snapshot.proposals, [(Side::Black, Proposal::Draw)]);
    assert_eq!(snapshot.clock.white_ms, 2 * DAY_MS);
    // Black's next move will have its three days too.
    assert_eq!(snapshot.clock.black_ms, 3 * DAY_MS);
    // Correspondence takes no absence claims: the days a move decide.
    assert_eq!(
        refused(
            white
                .request(ClientMessage::ClaimAbsence {
                    game: id,
                    win: true
                })
                .await
        ),
        ErrorKind::OpponentPresent { wait_ms: None }
    );
    time.advance(2 * DAY_MS);
    assert_eq!(
        refused(white.play(id, 2, "c1f4").await),
        ErrorKind::GameOver {
            outcome: OutcomeWire(Outcome::win(Color::Black, EndReason::TimeForfeit))
        }
    );
    assert!(my_games(&mut white).await.is_empty());
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_game_downloads_as_pgn_with_its_clocks_names_and_ending() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let id = game.id;
    game.white
        .accepted(ClientMessage::SetName {
            name: Some("Ганаа".into()),
        })
        .await;
    game.play(0, &["e2e4"]).await;
    time.advance(59_000);
    game.play(1, &["e7e5"]).await;
    time.advance(295_000);
    game.play(2, &["g1f3"]).await;
    game.black
        .accepted(ClientMessage::Resign { game: id })
        .await;

    let (status, headers, body) = http_get(server.addr, &format!("/api/games/{id}.pgn")).await;
    assert_eq!(status, 200);
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(header("content-type"), Some("application/x-chess-pgn"));
    assert_eq!(
        header("content-disposition"),
        Some(format!("attachment; filename=\"shatar-{id}.pgn\"").as_str())
    );
    for tag in [
        "[White \"Ганаа\"]",
        "[Black \"Anonymous\"]",
        "[Result \"1-0\"]",
        "[TimeControl \"300+2\"]",
        "[Termination \"normal\"]",
        "[TerminationDetails \"resignation\"]",
    ] {
        assert!(body.contains(tag), "{tag} in {body}");
    }
    // The clock left after each move: White's first is free and earns its increment;
    // Black thought 59 s, White 295 s (under ten seconds, tenths).
    for clk in [
        "1. e4 {[%clk 0:05:02]}",
        "1... e5 {[%clk 0:04:03]}",
        "2. Nf3 {[%clk 0:00:09.0]}",
    ] {
        assert!(body.contains(clk), "{clk} in {body}");
    }
    // The same record over the WebSocket.
    let ServerMessage::Pgn { text, .. } =
        game.black.request(ClientMessage::GetPgn { game: id }).await
    else {
        panic!("a record");
    };
    assert_eq!(text, body);
    // An unfinished game downloads too, with no result yet.
    let other = Game::start(&server, Ruleset::Chess.into()).await;
    let (status, _, body) = http_get(server.addr, &format!("/api/games/{}.pgn", other.id)).await;
    assert_eq!(status, 200);
    assert!(body.contains("[Result \"*\"]"), "{body}");
    for missing in ["/api/games/0123.pgn", &format!("/api/games/{id}.txt")] {
        assert_eq!(http_get(server.addr, missing).await.0, 404, "{missing}");
    }
    let unknown = "00000000000000000000000000000000";
    assert_eq!(
        http_get(server.addr, &format!("/api/games/{unknown}.pgn"))
            .await
            .0,
        404
    );
    server.stop().await.unwrap();
}

/// How one test game ends.
#[derive(Clone, Copy, Debug)]
enum Ending {
    Mate,
    Resignation,
    Flag,
    /// Offered with a move, lapsed, offered again and agreed: two `{(=)}` marks.
    Agreement,
    Aborted,
    Abandoned,
    /// Xiangqi's perpetual check, lost by the side that checks.
    ForbiddenRepetition,
}

/// The moves of each game: a mate (as in whole_games.rs), and an opening to play on from.
fn moves_of(kind: GameKind) -> (&'static [&'static str], &'static [&'static str]) {
    let scholars: &[&str] = &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
    let quiet: &[&str] = &[
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "b1c3", "g8f6", "d2d3", "d7d6",
    ];
    match kind {
        GameKind::Xiangqi => (
            &["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"],
            &[
                "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "c6c5",
            ],
        ),
        GameKind::Board8(Ruleset::Chess) => (&["f2f3", "e7e5", "g2g4", "d8h4"], quiet),
        GameKind::Board8(_) => (scholars, quiet),
    }
}

/// Plays a game of `kind` to `ending` and returns its PGN as the server writes it.
async fn play_to(
    server: &shatar_server::Running,
    time: &ManualTime,
    kind: GameKind,
    ending: Ending,
) -> String {
    let (mate, quiet) = moves_of(kind);
    let mut game = Game::start(server, kind).await;
    let id = game.id;
    for (client, name) in [
        (&mut game.white, "Батбаяр"),
        (&mut game.black, "O'Brien \"Ö\""),
    ] {
        client
            .accepted(ClientMessage::SetName {
                name: Some(name.into()),
            })
            .await;
    }
    let propose = ClientMessage::Propose {
        game: id,
        proposal: Proposal::Draw,
    };
    match ending {
        Ending::Mate => game.play(0, mate).await,
        Ending::Resignation => {
            game.play(0, &quiet[..3]).await;
            game.black
                .accepted(ClientMessage::Resign { game: id })
                .await;
        }
        Ending::Flag => {
            game.play(0, &quiet[..4]).await;
            time.advance(6 * 60_000);
            assert!(matches!(
                refused(game.white.play(id, 4, quiet[4]).await),
                ErrorKind::GameOver { .. }
            ));
        }
        Ending::Agreement => {
            game.play(0, &quiet[..1]).await;
            game.white.accepted(propose.clone()).await;
            game.play(1, &quiet[1..4]).await;
            game.black.accepted(propose.clone()).await;
            game.white.accepted(propose).await;
        }
        Ending::Aborted => game.white.accepted(ClientMessage::Abort { game: id }).await,
        Ending::Abandoned => {
            game.play(0, quiet).await;
            drop(game.black);
            // The server hears of the closed connection in its own time.
            let claim = ClientMessage::ClaimAbsence {
                game: id,
                win: true,
            };
            loop {
                time.advance(1);
                match refused(game.white.request(claim.clone()).await) {
                    ErrorKind::OpponentPresent { wait_ms: Some(ms) } if ms < 30_000 => break,
                    ErrorKind::OpponentPresent { .. } => {
                        tokio::time::sleep(std::time::Duration::from_millis(10)).await
                    }
                    other => panic!("{other:?}"),
                }
            }
            time.advance(30_000);
            game.white.accepted(claim).await;
            let (status, _, body) = http_get(server.addr, &format!("/api/games/{id}.pgn")).await;
            assert_eq!(status, 200);
            return body;
        }
        Ending::ForbiddenRepetition => {
            let opening = [
                "h2e2", "e9e8", "h0g2", "i6i5", "i0h0", "a6a5", "h0h7", "a5a4",
            ];
            game.play(0, &opening).await;
            let cycle = ["h7h8", "e8e7", "h8h7", "e7e8"];
            let mut ply = opening.len() as u32;
            for text in cycle.iter().cycle().take(cycle.len() * 4) {
                let mover = if ply.is_multiple_of(2) {
                    &mut game.white
                } else {
                    &mut game.black
                };
                match mover.play(id, ply, text).await {
                    ServerMessage::Accepted => ply += 1,
                    ServerMessage::Error {
                        error: ErrorKind::GameOver { .. },
                    } => break,
                    other => panic!("{text}: {other:?}"),
                }
            }
        }
    }
    let (status, _, body) = http_get(server.addr, &format!("/api/games/{id}.pgn")).await;
    assert_eq!(status, 200);
    body
}

/// The records of games of every ending and every game pass two other programs' readers
/// without a complaint: pgn-extract and python-chess (scripts/pgn-check.py says what each
/// checks of which game), installed by scripts/tools.sh. Set SHATAR_PGN_TOOLS=skip to skip
/// this test where they cannot be installed; it fails, saying so, when they are missing.
#[tokio::test]
async fn every_ending_of_every_game_passes_pgn_extract_and_python_chess() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if std::env::var("SHATAR_PGN_TOOLS").as_deref() == Ok("skip") {
        eprintln!(
            "SKIPPED: the records' check by pgn-extract and python-chess (SHATAR_PGN_TOOLS=skip)"
        );
        return;
    }
    let python = root.join("tools/venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run scripts/tools.sh (python-chess, pgn-extract), or set \
         SHATAR_PGN_TOOLS=skip to skip this test",
        python.display()
    );
    let data = crate::data::data();
    // SHATAR_PGN_OUT=DIR keeps the records there, to read or to check again by hand.
    let out = tempfile::tempdir().unwrap();
    let out_dir = std::env::var_os("SHATAR_PGN_OUT").map_or(out.path().to_path_buf(), Into::into);
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let kinds = [
        GameKind::from(Ruleset::Mongolian),
        Ruleset::MongolianFolk.into(),
        Ruleset::Chess.into(),
        GameKind::Xiangqi,
    ];
    let mut files = Vec::new();
    for kind in kinds {
        let mut endings = vec![
            Ending::Mate,
            Ending::Resignation,
            Ending::Flag,
            Ending::Agreement,
            Ending::Aborted,
        ];
        if matches!(kind, GameKind::Xiangqi | GameKind::Board8(Ruleset::Chess)) {
            endings.push(Ending::Abandoned);
        }
        if kind == GameKind::Xiangqi {
            endings.push(Ending::ForbiddenRepetition);
        }
        for ending in endings {
            let text = play_to(&server, &time, kind, ending).await;
            // What the other readers are to find, and the record read back whole.
            let termination = match ending {
                Ending::Mate | Ending::Resignation | Ending::Agreement => "normal",
                Ending::Flag => "time forfeit",
                Ending::Aborted | Ending::Abandoned => "abandoned",
                Ending::ForbiddenRepetition => "rules infraction",
            };
            assert!(
                text.contains(&format!(
                    "[Termination \"{termination}\"]\n[TerminationDetails \""
                )),
                "{kind} {ending:?}: {text}"
            );
            if let Ending::Agreement = ending {
                assert_eq!(text.matches("{(=)}").count(), 2, "{text}");
            }
            let parsed = shatar_rules::pgn::parse_game(&text).unwrap();
            assert_eq!(
                parsed.write(),
                text,
                "{kind} {ending:?}: read back and written"
            );
            let name = format!("{}-{ending:?}.pgn", kind.to_string().replace(' ', "-"));
            let path = out_dir.join(name);
            std::fs::write(&path, &text).unwrap();
            files.push(path);
        }
    }
    server.stop().await.unwrap();
    let checked = std::process::Command::new(&python)
        .arg(root.join("scripts/pgn-check.py"))
        .args(&files)
        .output()
        .expect("scripts/pgn-check.py runs");
    let said = String::from_utf8_lossy(&checked.stdout).into_owned()
        + &String::from_utf8_lossy(&checked.stderr);
    eprintln!("{said}");
    assert!(checked.status.success(), "{said}");
    assert!(
        said.contains(&format!("pgn-check: {} games, 0 complaints", files.len())),
        "{said}"
    );
}
