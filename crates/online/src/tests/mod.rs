//! The online page's state machine, fed the frames a server sends. `tests/` drives it
//! against the real server.

use shatar_protocol::Envelope;
use shatar_protocol::online::{ClientMessage, ColorChoice, ErrorKind, TimeControlWire};
use shatar_rules::{Color, GameKind, Ruleset};
use shatar_web::board::BoardMsg;
use shatar_web::i18n::Lang;
use shatar_web::settings::Looks;

use crate::address::{self, Intent};
use crate::model::{Effect, Link, Model, Msg, Screen, retry_delay};
use crate::view::{Part, view};

const ME: &str = "00000000000000000000000000000001";
const THEM: &str = "00000000000000000000000000000002";
const GAME: &str = "0000000000000000000000000000000a";
const SECRET: &str = "0000000000000000000000000000000f";

fn model(intent: Intent) -> Model {
    let (model, effects) = Model::new(Looks::default(), Lang::En, Ok(intent), None, 0);
    assert_eq!(effects, [Effect::Connect]);
    model
}

fn sent(effects: &[Effect]) -> Vec<ClientMessage> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send(text) => Some(
                serde_json::from_str::<Envelope<ClientMessage>>(text)
                    .unwrap()
                    .body,
            ),
            _ => None,
        })
        .collect()
}

fn frame(id: u32, body: &str) -> Msg {
    Msg::Frame(format!(r#"{{"v":2,"id":{id},"body":{body}}}"#))
}

fn welcome(m: &mut Model) -> Vec<Effect> {
    m.update(Msg::Opened, 0);
    m.update(
        frame(
            1,
            &format!(r#"{{"Welcome":{{"player":"{ME}","secret":"{SECRET}"}}}}"#),
        ),
        0,
    )
}

fn snapshot(moves: &[&str], running: &str) -> String {
    let moves: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    format!(
        r#"{{"Game":{{"game":"{GAME}","kind":"mongolian","time_control":{{"periods":[{{"moves":null,"base_ms":300000,"bonus":{{"Increment":{{"ms":3000}}}}}}]}},"white":"{ME}","black":"{THEM}","moves":[{}],"clock":{{"white_ms":300000,"black_ms":300000,"running":{running}}}}}}}"#,
        moves.join(",")
    )
}

#[test]
fn the_address_names_a_challenge_or_a_game() {
    assert_eq!(address::intent(None, None, false), Ok(Intent::Start));
    assert!(matches!(
        address::intent(Some(ME), None, false),
        Ok(Intent::Accept(_))
    ));
    assert!(matches!(
        address::intent(Some(ME), Some(GAME), true),
        Ok(Intent::Follow(_))
    ));
    let bad = address::intent(None, Some("<script>"), false).unwrap_err();
    assert_eq!(bad.parameter, "game");
    assert!(bad.to_string().contains("game=\"<script>\""), "{bad}");
}

#[test]
fn a_new_browser_is_given_an_identity_and_keeps_it() {
    let mut m = model(Intent::Start);
    let effects = m.update(Msg::Opened, 0);
    assert_eq!(sent(&effects), [ClientMessage::Hello { player: None }]);
    let effects = welcome(&mut m);
    let kept = effects.iter().find_map(|e| match e {
        Effect::KeepIdentity(text) => Some(text.clone()),
        _ => None,
    });
    assert!(kept.unwrap().contains(SECRET));
    assert_eq!(m.link, Link::Ready);
    // Known from then on.
    m.update(Msg::Closed, 0);
    let effects = m.update(Msg::Opened, 0);
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::Hello { player: Some(c) }] if c.id.to_string() == ME
    ));
}

#[test]
fn an_identity_the_server_does_not_know_is_replaced() {
    let kept = format!(r#"{{"id":"{ME}","secret":"{SECRET}"}}"#);
    let (mut m, _) = Model::new(
        Looks::default(),
        Lang::En,
        Ok(Intent::Start),
        Some(&kept),
        0,
    );
    let effects = m.update(Msg::Opened, 0);
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::Hello { player: Some(_) }]
    ));
    let effects = m.update(frame(1, r#"{"Error":{"error":"BadCredentials"}}"#), 0);
    assert_eq!(sent(&effects), [ClientMessage::Hello { player: None }]);
    assert!(m.problem.is_none());
}

#[test]
fn a_challenge_shows_its_link_and_the_game_follows_when_taken() {
    let mut m = model(Intent::Start);
    welcome(&mut m);
    let control = TimeControlWire::from_rules(
        &shatar_web::settings::TimeControl::from_id("5+3")
            .unwrap()
            .control()
            .unwrap(),
    );
    let effects = m.update(
        Msg::Challenge {
            kind: GameKind::Board8(Ruleset::Mongolian),
            time_control: control,
            color: ColorChoice::White,
            open: false,
        },
        0,
    );
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::CreateChallenge { .. }]
    ));
    m.update(
        frame(
            2,
            &format!(r#"{{"ChallengeCreated":{{"challenge":"{THEM}"}}}}"#),
        ),
        0,
    );
    let v = view(&m, "https://example.org/online.html");
    assert_eq!(v.part, Part::Waiting);
    assert_eq!(
        v.challenge_link.as_deref(),
        Some(&*format!(
            "https://example.org/online.html?challenge={THEM}"
        ))
    );
    let effects = m.update(
        frame(
            0,
            &format!(
                r#"{{"GameStarted":{{"challenge":"{THEM}","game":"{GAME}","side":"White"}}}}"#
            ),
        ),
        0,
    );
    assert!(effects.contains(&Effect::SetQuery(format!("?game={GAME}"))));
    assert!(matches!(&sent(&effects)[..], [ClientMessage::Watch { .. }]));
    m.update(frame(3, &snapshot(&[], "null")), 10);
    let followed = m.followed().unwrap();
    assert_eq!(followed.seat, Some(Color::White));
    assert_eq!(view(&m, "x").part, Part::Followed);
}

fn following() -> Model {
    let mut m = model(Intent::Follow(GAME.parse().unwrap()));
    let effects = welcome(&mut m);
    assert!(matches!(&sent(&effects)[..], [ClientMessage::Watch { .. }]));
    m.update(frame(2, &snapshot(&[], "null")), 0);
    m
}

fn click(m: &mut Model, from: &str, to: &str) -> Vec<Effect> {
    let kind = m.board.game().kind();
    let cell = |name: &str| shatar_rules::Cell::parse(kind, name).unwrap();
    let (from, to) = (cell(from), cell(to));
    let mut effects = m.update(Msg::Board(BoardMsg::SquareDown(from)), 0);
    effects.extend(m.update(
        Msg::Board(BoardMsg::SquareUp {
            over: Some(from),
            dragged: false,
        }),
        0,
    ));
    effects.extend(m.update(Msg::Board(BoardMsg::SquareDown(to)), 0));
    effects.extend(m.update(
        Msg::Board(BoardMsg::SquareUp {
            over: Some(to),
            dragged: false,
        }),
        0,
    ));
    effects
}

#[test]
fn the_players_move_goes_to_the_server_with_its_ply() {
    let mut m = following();
    let effects = click(&mut m, "e2", "e4");
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::Move { ply: 0, text, .. }] if text == "e2e4"
    ));
    // No second move until the server has said its word on the first.
    assert!(sent(&click(&mut m, "d2", "d4")).is_empty());
    let clock = r#"{"white_ms":299000,"black_ms":300000,"running":"Black"}"#;
    m.update(frame(3, r#""Accepted""#), 0);
    m.update(
        frame(
            0,
            &format!(r#"{{"Moved":{{"game":"{GAME}","ply":0,"move":"e2e4","clock":{clock}}}}}"#),
        ),
        1_000,
    );
    assert_eq!(m.board.game().len(), 1);
    // The opponent's reply is played on the board; the clock runs for White.
    let effects = m.update(
        frame(
            0,
            &format!(
                r#"{{"Moved":{{"game":"{GAME}","ply":1,"move":"e7e5","clock":{}}}}}"#,
                r#"{"white_ms":299000,"black_ms":298000,"running":"White"}"#
            ),
        ),
        2_000,
    );
    assert_eq!(m.board.game().len(), 2);
    assert!(effects.iter().any(|e| matches!(e, Effect::Sound(_))));
    m.update(Msg::Tick, 2_500);
    assert_eq!(m.clocks(), Some((298_500, 298_000, Some(Color::White))));
}

/// Each move played on the board is said in the page's live region: the player's own at
/// once, the opponent's when the server announces it.
#[test]
fn each_move_is_said_for_a_screen_reader() {
    let mut m = following();
    let said = |m: &Model| view(m, "x").followed.unwrap().announcement;
    assert_eq!(said(&m), None);
    click(&mut m, "e2", "e4");
    assert_eq!(said(&m).as_deref(), Some("1. White boy e2 to e4"));
    let moved = |ply: u32, text: &str| {
        format!(
            r#"{{"Moved":{{"game":"{GAME}","ply":{ply},"move":"{text}","clock":{}}}}}"#,
            r#"{"white_ms":299000,"black_ms":300000,"running":"Black"}"#
        )
    };
    m.update(frame(0, &moved(0, "e2e4")), 1_000);
    m.update(frame(0, &moved(1, "e7e5")), 2_000);
    assert_eq!(said(&m).as_deref(), Some("1. Black boy e7 to e5"));
}

#[test]
fn a_refused_move_puts_the_board_back_as_the_server_has_it() {
    let mut m = following();
    click(&mut m, "e2", "e4");
    let effects = m.update(
        frame(3, r#"{"Error":{"error":{"StalePly":{"expected":1}}}}"#),
        0,
    );
    assert!(matches!(&sent(&effects)[..], [ClientMessage::Watch { .. }]));
    m.update(frame(4, &snapshot(&["d2d4"], r#""Black""#)), 0);
    assert_eq!(m.board.game().to_wire().moves, ["d2d4"]);
}

#[test]
fn a_spectator_cannot_move_but_may_browse() {
    let mut m = model(Intent::Follow(GAME.parse().unwrap()));
    m.update(Msg::Opened, 0);
    m.update(
        frame(
            1,
            r#"{"Welcome":{"player":"000000000000000000000000000000ff"}}"#,
        ),
        0,
    );
    m.update(frame(2, &snapshot(&["e2e4", "e7e5"], r#""White""#)), 0);
    assert_eq!(m.followed().unwrap().seat, None);
    assert!(sent(&click(&mut m, "d2", "d4")).is_empty());
    assert_eq!(m.board.game().len(), 2);
    m.update(Msg::Board(BoardMsg::GoTo(1)), 0);
    assert_eq!(m.board.shown_ply(), 1);
    assert!(!view(&m, "x").followed.unwrap().can.resign);
}

#[test]
fn a_lost_connection_is_retried_with_growing_waits_and_the_game_fetched_again() {
    let mut m = following();
    assert_eq!(
        m.update(Msg::Closed, 0),
        [Effect::ConnectAfter(retry_delay(0))]
    );
    assert_eq!(
        m.update(Msg::Closed, 0),
        [Effect::ConnectAfter(retry_delay(1))]
    );
    assert!(retry_delay(1) > retry_delay(0));
    assert_eq!(retry_delay(40), crate::model::MAX_RETRY_MS);
    assert_eq!(view(&m, "x").link_state, "lost");
    m.update(Msg::Opened, 0);
    let effects = m.update(
        frame(1, &format!(r#"{{"Welcome":{{"player":"{ME}"}}}}"#)),
        0,
    );
    assert!(matches!(&sent(&effects)[..], [ClientMessage::Watch { .. }]));
}

#[test]
fn a_page_that_never_reached_a_server_says_it_needs_one() {
    let mut m = model(Intent::Start);
    m.update(Msg::Closed, 0);
    assert_eq!(view(&m, "x").link_state, "none");
}

#[test]
fn an_ending_off_the_board_is_shown() {
    let mut m = following();
    m.update(
        frame(0, &format!(r#"{{"Ended":{{"game":"{GAME}","outcome":{{"result":"0-1","reason":"Resignation"}},"clock":{{"white_ms":1,"black_ms":2,"running":null}}}}}}"#)),
        0,
    );
    let v = view(&m, "x").followed.unwrap();
    assert!(v.result.is_some());
    assert!(!v.can.resign);
    assert!(matches!(m.screen, Screen::Followed(ref t) if t.outcome.is_some()));
}

#[test]
fn a_refusal_is_worded_and_an_unknown_challenge_returns_to_the_start() {
    let mut m = model(Intent::Accept(THEM.parse().unwrap()));
    welcome(&mut m);
    m.update(frame(2, r#"{"Error":{"error":"UnknownChallenge"}}"#), 0);
    assert_eq!(m.screen, Screen::Start);
    let v = view(&m, "x");
    assert!(v.problem.unwrap().contains("taken, cancelled"));
    let _ = ErrorKind::Unavailable;
}

// The real server runs natively only.
#[cfg(not(target_arch = "wasm32"))]
mod server;

#[test]
fn a_draw_offered_by_the_opponent_is_asked_and_answered() {
    use shatar_protocol::online::Proposal;
    let mut m = following();
    m.update(
        frame(
            0,
            &format!(r#"{{"Proposed":{{"game":"{GAME}","proposal":"Draw","by":"Black"}}}}"#),
        ),
        0,
    );
    let v = view(&m, "x").followed.unwrap();
    assert_eq!(v.asked.as_ref().map(|a| a.0), Some(Proposal::Draw));
    let effects = m.update(
        Msg::Answer {
            proposal: Proposal::Draw,
            accept: true,
        },
        0,
    );
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::Answer {
            accept: true,
            proposal: Proposal::Draw,
            ..
        }]
    ));
    // The opponent's offer lapses when the player moves instead (2017 art. 9.1.2).
    let mut m = following();
    m.update(
        frame(
            0,
            &format!(r#"{{"Proposed":{{"game":"{GAME}","proposal":"Draw","by":"Black"}}}}"#),
        ),
        0,
    );
    click(&mut m, "e2", "e4");
    m.update(frame(0, &format!(r#"{{"Moved":{{"game":"{GAME}","ply":0,"move":"e2e4","clock":{{"white_ms":1,"black_ms":1,"running":"Black"}}}}}}"#)), 0);
    assert_eq!(view(&m, "x").followed.unwrap().asked, None);
}

#[test]
fn the_players_own_offer_is_noted_and_its_button_hidden() {
    use shatar_protocol::online::Proposal;
    let mut m = following();
    let effects = m.update(Msg::Propose(Proposal::Draw), 0);
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::Propose {
            proposal: Proposal::Draw,
            ..
        }]
    ));
    m.update(
        frame(
            0,
            &format!(r#"{{"Proposed":{{"game":"{GAME}","proposal":"Draw","by":"White"}}}}"#),
        ),
        0,
    );
    let v = view(&m, "x").followed.unwrap();
    assert!(!v.can.offer_draw);
    assert_eq!(v.note.as_deref(), Some("You offered a draw."));
    m.update(
        frame(
            0,
            &format!(r#"{{"Declined":{{"game":"{GAME}","proposal":"Draw","by":"Black"}}}}"#),
        ),
        0,
    );
    assert!(view(&m, "x").followed.unwrap().can.offer_draw);
}

#[test]
fn an_aborted_game_says_so_and_a_rematch_moves_to_the_new_game() {
    let mut m = following();
    assert!(
        view(&m, "x").followed.unwrap().can.abort,
        "White has not moved"
    );
    m.update(
        frame(0, &format!(r#"{{"Aborted":{{"game":"{GAME}"}}}}"#)),
        0,
    );
    let v = view(&m, "x").followed.unwrap();
    assert_eq!(v.result.as_deref(), Some("The game was aborted."));
    assert!(v.can.rematch && !v.can.resign);
    let next = "0000000000000000000000000000000b";
    let effects = m.update(
        frame(
            0,
            &format!(r#"{{"Rematch":{{"game":"{GAME}","rematch":"{next}"}}}}"#),
        ),
        0,
    );
    assert!(effects.contains(&Effect::SetQuery(format!("?game={next}"))));
    assert!(
        matches!(&sent(&effects)[..], [ClientMessage::Watch { game }] if game.to_string() == next)
    );
}

#[test]
fn the_lobby_lists_and_unlists_and_a_listed_challenge_is_taken() {
    let mut m = model(Intent::Start);
    let effects = welcome(&mut m);
    assert!(
        sent(&effects)
            .iter()
            .any(|s| matches!(s, ClientMessage::WatchLobby { .. }))
    );
    assert!(sent(&effects).contains(&ClientMessage::MyGames));
    let listed = |id: &str, who: &str| {
        format!(
            r#"{{"Listed":{{"challenge":"{id}","kind":"chess","time_control":{{"periods":[],"days_per_move":3}},"speed":"Correspondence","color":"Random","challenger":"{who}","name":"<b>Bold</b>"}}}}"#
        )
    };
    m.update(frame(0, &listed(THEM, THEM)), 0);
    m.update(frame(0, &listed(GAME, ME)), 0);
    let v = view(&m, "x");
    assert_eq!(v.lobby.len(), 2);
    assert_eq!(v.lobby[0].action, ("data-accept", THEM.to_string()));
    assert_eq!(
        v.lobby[1].action,
        ("data-cancel", GAME.to_string()),
        "the player's own last"
    );
    assert_eq!(
        v.lobby[0].text,
        "Chess (FIDE), 3 days a move: <b>Bold</b> plays Random"
    );
    m.update(
        frame(0, &format!(r#"{{"Unlisted":{{"challenge":"{GAME}"}}}}"#)),
        0,
    );
    assert_eq!(view(&m, "x").lobby.len(), 1);
    let effects = m.update(Msg::Accept(THEM.parse().unwrap()), 0);
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::AcceptChallenge { .. }]
    ));
    assert_eq!(m.screen, Screen::Joining);
}

#[test]
fn a_correspondence_control_is_read_from_the_form() {
    let control = crate::view::control_of("7d").unwrap();
    assert_eq!(control.days_per_move, Some(7));
    assert!(control.periods.is_empty());
    assert_eq!(
        crate::view::control_of("5+3").unwrap().periods[0].base_ms,
        300_000
    );
    assert_eq!(crate::view::control_of("untimed"), None);
}

#[test]
fn a_name_is_kept_and_told_to_the_server_once_it_knows_the_player() {
    let mut m = model(Intent::Start);
    let effects = m.update(Msg::SetName("  Bat  ".into()), 0);
    assert_eq!(effects, [Effect::KeepName("Bat".into())]);
    let effects = welcome(&mut m);
    assert!(sent(&effects).contains(&ClientMessage::SetName {
        name: Some("Bat".into())
    }));
}

#[test]
fn a_pgn_comes_as_a_download() {
    let mut m = following();
    let effects = m.update(Msg::DownloadPgn, 0);
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::GetPgn { .. }]
    ));
    let effects = m.update(
        frame(
            9,
            &format!(r#"{{"Pgn":{{"game":"{GAME}","text":"[Event \"x\"]"}}}}"#),
        ),
        0,
    );
    assert!(
        matches!(&effects[..], [Effect::Download { file_name, .. }] if file_name.ends_with(".pgn"))
    );
}

#[test]
fn an_identity_moves_to_another_device_in_a_links_fragment() {
    let mut m = model(Intent::Start);
    assert_eq!(view(&m, "https://x.org/online.html").identity_link, None);
    welcome(&mut m);
    let link = view(&m, "https://x.org/online.html").identity_link.unwrap();
    assert_eq!(
        link,
        format!("https://x.org/online.html#identity={ME}.{SECRET}")
    );
    let fragment = &link[link.find('#').unwrap()..];
    let carried = address::identity_from_fragment(fragment).unwrap().unwrap();
    assert_eq!(carried.id.to_string(), ME);
    assert_eq!(carried.secret.reveal(), SECRET);
    assert!(address::identity_from_fragment("#lang=mn").is_none());
    let bad = address::identity_from_fragment("#identity=nonsense")
        .unwrap()
        .unwrap_err();
    assert!(
        !bad.to_string().contains("nonsense"),
        "a bad secret is not repeated: {bad}"
    );
}

#[test]
fn a_challenge_shows_its_link_as_a_qr_code() {
    let mut m = model(Intent::Start);
    welcome(&mut m);
    m.update(
        frame(
            2,
            &format!(r#"{{"ChallengeCreated":{{"challenge":"{THEM}"}}}}"#),
        ),
        0,
    );
    let v = view(&m, "https://example.org/online.html");
    let (size, path) = v.challenge_qr.expect("a QR code while waiting");
    let link = v.challenge_link.unwrap();
    let qr = qrcodegen::QrCode::encode_text(&link, qrcodegen::QrCodeEcc::Medium).unwrap();
    assert_eq!(
        size,
        usize::try_from(qr.size()).unwrap() + 8,
        "with its quiet zone"
    );
    let dark = (0..qr.size())
        .flat_map(|y| (0..qr.size()).map(move |x| (x, y)))
        .filter(|&(x, y)| qr.get_module(x, y))
        .count();
    assert_eq!(path.matches('M').count(), dark, "one square a dark module");
    assert!(
        path.starts_with("M4 4h1v1h-1z"),
        "the finder pattern's corner, inside the quiet zone"
    );
    assert_eq!(view(&following(), "x").challenge_qr, None);
}

#[test]
fn an_opponent_who_has_gone_is_shown_and_claimed_against_after_half_a_minute() {
    let mut m = model(Intent::Follow(GAME.parse().unwrap()));
    welcome(&mut m);
    m.update(frame(2, &snapshot(&["d2d4"], r#""Black""#)), 1_000);
    fn presence(m: &mut Model, now: u64) -> (Option<String>, bool) {
        m.update(Msg::Tick, now);
        let followed = view(m, "x").followed.unwrap();
        (followed.presence, followed.can.claim_absence)
    }
    assert_eq!(presence(&mut m, 1_000), (None, false));
    // Gone for 5 s when the server said so, and the page counts on from there.
    let gone = format!(r#"{{"Presence":{{"game":"{GAME}","side":"Black","gone_ms":5000}}}}"#);
    m.update(frame(0, &gone), 2_000);
    let (text, can) = presence(&mut m, 3_000);
    assert!(text.unwrap().contains("within 24 s"));
    assert!(!can);
    let (text, can) = presence(&mut m, 28_000);
    assert!(text.unwrap().contains("claim the win"));
    assert!(can);
    // Back: nothing to claim.
    let back = format!(r#"{{"Presence":{{"game":"{GAME}","side":"Black"}}}}"#);
    m.update(frame(0, &back), 29_000);
    assert_eq!(presence(&mut m, 60_000), (None, false));
    // A page that arrives later learns it from the game's snapshot; a spectator sees who.
    let late = snapshot(&["d2d4"], r#""Black""#).replace(
        r#""running":"Black"}"#,
        r#""running":"Black"},"gone":[["White",40000]]"#,
    );
    assert!(late.contains("gone"));
    let mut spectator = model(Intent::Follow(GAME.parse().unwrap()));
    spectator.update(Msg::Opened, 0);
    spectator.update(
        frame(1, &format!(r#"{{"Welcome":{{"player":"{SECRET}"}}}}"#)),
        0,
    );
    spectator.update(frame(2, &late), 50_000);
    let (text, can) = presence(&mut spectator, 50_000);
    assert_eq!(text.as_deref(), Some("White has left the game."));
    assert!(!can);
}

/// Issue 55: before the game has its first moves, the server aborts it on a claim of
/// absence; the page offers that, and not a win or a draw.
#[test]
fn an_opponent_gone_before_the_game_began_lets_the_player_abort_it() {
    let mut m = model(Intent::Follow(GAME.parse().unwrap()));
    welcome(&mut m);
    let early = snapshot(&["d2d4"], r#""Black""#).replace(
        r#""running":"Black"}"#,
        r#""running":"Black"},"gone":[["Black",40000]],"absence_claims_from":10"#,
    );
    assert!(early.contains("absence_claims_from"));
    m.update(frame(2, &early), 1_000);
    m.update(Msg::Tick, 1_000);
    let followed = view(&m, "x").followed.unwrap();
    assert!(followed.presence.unwrap().contains("abort it"));
    assert!(followed.can.abort_absent);
    assert!(!followed.can.claim_absence);
}

#[test]
fn the_lobby_is_filtered_by_game_and_speed() {
    use shatar_protocol::online::{Kind, LobbyFilter, Speed};
    let mut m = model(Intent::Start);
    welcome(&mut m);
    let listed = |id: &str, game: &str, speed: &str| {
        format!(
            r#"{{"Listed":{{"challenge":"{id}","kind":"{game}","time_control":{{"periods":[],"days_per_move":3}},"speed":"{speed}","color":"Random","challenger":"{THEM}"}}}}"#
        )
    };
    m.update(frame(0, &listed(THEM, "chess", "Correspondence")), 0);
    m.update(frame(0, &listed(GAME, "xiangqi", "Blitz")), 0);
    assert_eq!(view(&m, "x").lobby.len(), 2);
    let filter = LobbyFilter {
        kinds: vec![Kind(Ruleset::Chess.into())],
        speeds: vec![],
    };
    let effects = m.update(Msg::FilterLobby(filter.clone()), 0);
    assert_eq!(sent(&effects), [ClientMessage::WatchLobby { filter }]);
    assert_eq!(
        view(&m, "x").lobby.len(),
        1,
        "the other game's is gone at once"
    );
    // A challenge the server sent before it heard of the filter is not shown.
    m.update(frame(0, &listed(SECRET, "xiangqi", "Blitz")), 0);
    assert_eq!(view(&m, "x").lobby.len(), 1);
    // The same filter again asks nothing; another speed does.
    let same = LobbyFilter {
        kinds: vec![Kind(Ruleset::Chess.into())],
        speeds: vec![],
    };
    assert!(sent(&m.update(Msg::FilterLobby(same), 0)).is_empty());
    let blitz = LobbyFilter {
        kinds: vec![],
        speeds: vec![Speed::Blitz],
    };
    m.update(Msg::FilterLobby(blitz), 0);
    assert!(view(&m, "x").lobby.is_empty());
    assert_eq!(crate::view::speed_of("blitz"), Some(Speed::Blitz));
    assert_eq!(crate::view::speed_of(""), None);
}

#[test]
fn the_live_games_are_listed_asked_again_and_watched_from_a_frame() {
    use crate::model::{LIVE_REFRESH_MS, Page};
    use shatar_protocol::online::LIVE_PLAYERS_MAX;
    assert_eq!(address::intent(None, None, true), Ok(Intent::Live));
    assert_eq!(
        address::players(Some(&format!("{ME}, {THEM},")))
            .unwrap()
            .len(),
        2
    );
    let bad = address::players(Some(&format!("{ME},abc"))).unwrap_err();
    assert_eq!((bad.parameter, &bad.value[..]), ("players", "abc"));
    let too_many = vec![ME; LIVE_PLAYERS_MAX + 1].join(",");
    assert_eq!(
        address::players(Some(&too_many)).unwrap_err().value,
        format!("{} ids (at most {LIVE_PLAYERS_MAX})", LIVE_PLAYERS_MAX + 1)
    );

    let mut m = model(Intent::Live);
    m.page = Page::Watch;
    m.live_players = address::players(Some(ME)).unwrap();
    // A framed page says no Hello: it makes no player, and asks for the list at once.
    let effects = m.update(Msg::Opened, 0);
    assert_eq!(
        sent(&effects),
        [ClientMessage::LiveGames {
            players: vec![ME.parse().unwrap()]
        }]
    );
    assert!(
        effects.iter().all(|e| !matches!(e, Effect::SetQuery(_))),
        "a frame keeps its address"
    );
    let list = format!(
        r#"{{"LiveGames":{{"games":[{{"game":"{GAME}","kind":"mongolian","time_control":{{"periods":[{{"moves":null,"base_ms":300000,"bonus":{{"Increment":{{"ms":3000}}}}}}]}},"white":"{ME}","black":"{THEM}","white_name":"<i>Сарнай</i>","plies":3}}]}}}}"#
    );
    m.update(frame(1, &list), 10);
    let v = view(&m, "x");
    assert_eq!(v.part, Part::Live);
    assert_eq!(v.live.len(), 1);
    assert_eq!(
        v.live[0].text,
        "<i>Сарнай</i> – Anonymous: Mongolian chess (2017 rules), 5 min + 3 s, move 2"
    );
    assert_eq!(v.live[0].action, ("data-open", GAME.to_string()));
    assert!(m.wants_ticks());
    assert!(sent(&m.update(Msg::Tick, LIVE_REFRESH_MS - 1)).is_empty());
    assert!(matches!(
        &sent(&m.update(Msg::Tick, LIVE_REFRESH_MS))[..],
        [ClientMessage::LiveGames { .. }]
    ));
    // Watched: a spectator's table, and back to the list.
    let effects = m.update(Msg::Open(GAME.parse().unwrap()), 20_000);
    assert!(matches!(&sent(&effects)[..], [ClientMessage::Watch { .. }]));
    m.update(frame(3, &snapshot(&["d2d4"], r#""Black""#)), 20_000);
    let followed = view(&m, "x").followed.unwrap();
    assert!(followed.can.to_live && !followed.can.leave && !followed.can.resign);
    let effects = m.update(Msg::Leave, 21_000);
    assert!(matches!(
        &sent(&effects)[..],
        [ClientMessage::LiveGames { .. }]
    ));
    assert_eq!(view(&m, "x").part, Part::Live);
}
