//! The connection edge (issue 55) over real sockets: the deadlines for a request's head and
//! a WebSocket's first message and silence, the caps on heads and on TCP connections, the
//! rate limits of pings and of HTTP requests, trusted proxies, a bounded shutdown, and a
//! game that plays on from 127.0.0.1 while other loopback addresses flood the server.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind, Ruleset};
use shatar_server::limits::{AddressLimits, Limits, Rate, Timeouts};
use shatar_server::time::{ManualTime, MonotonicTime};
use shatar_server::wire::{ClientMessage, ServerMessage};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use crate::support::{Client, Game, start, start_config, tcp_from};

fn local(n: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, n])
}

/// Short socket timers, for the tests that wait on them.
fn quick() -> Timeouts {
    Timeouts {
        header_read: Duration::from_millis(1_500),
        body_read: Duration::from_millis(1_500),
        first_message: Duration::from_millis(500),
        ping_every: Duration::from_millis(200),
        silence: Duration::from_secs(1),
        shutdown_grace: Duration::from_secs(5),
    }
}

/// A server with [`quick`] socket timers and a clock that stands still.
async fn start_quick(data: &crate::data::Data) -> shatar_server::Running {
    start_config(data, None, Arc::new(ManualTime::default()), |config| {
        config.limits.timeouts = quick();
    })
    .await
}

/// Reads and drops what comes until the server closes `stream`: how long that took, or
/// `None` if it was still open after `limit`.
async fn closed_within(
    stream: &mut (impl AsyncReadExt + Unpin),
    limit: Duration,
) -> Option<Duration> {
    let start = Instant::now();
    let closed = closed_collecting(stream, &mut Vec::new(), limit).await;
    closed.then(|| start.elapsed())
}

/// Everything the server sends on `stream` until it closes it (at most 10 s).
async fn read_all(stream: &mut TcpStream) -> String {
    let mut response = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + Duration::from_secs(10);
    while let Ok(Ok(n @ 1..)) = tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
        response.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&response).into_owned()
}

/// The status of a response's text, `None` for no response.
fn status(response: &str) -> Option<u16> {
    response.split(' ').nth(1)?.parse().ok()
}

/// A header of a response's text (the name in lower case).
fn header(response: &str, name: &str) -> Option<String> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_string())
    })
}

/// `GET path` from `from` on a connection of its own, with `extra` header lines.
async fn get(from: IpAddr, addr: SocketAddr, path: &str, extra: &str) -> String {
    let mut stream = tcp_from(from, addr).await;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n");
    let _ = stream.write_all(request.as_bytes()).await;
    read_all(&mut stream).await
}

#[tokio::test]
async fn slow_heads_silent_and_idle_keep_alive_connections_are_closed_after_ten_seconds() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let addr = server.addr;
    assert_eq!(Timeouts::default().header_read, Duration::from_secs(10));
    // A head sent a byte a second: never whole before the deadline.
    let slow = async {
        let (mut reader, mut writer) = tcp_from(local(1), addr).await.into_split();
        let head = format!(
            "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: {}\r\n\r\n",
            "a".repeat(30)
        );
        let dribble = tokio::spawn(async move {
            for byte in head.into_bytes() {
                if writer.write_all(&[byte]).await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
        let closed = closed_within(&mut reader, Duration::from_secs(15)).await;
        dribble.abort();
        closed
    };
    let silent = async {
        let mut stream = tcp_from(local(1), addr).await;
        closed_within(&mut stream, Duration::from_secs(15)).await
    };
    // One whole request answered, then nothing: the deadline runs again for the next head.
    let idle = async {
        let mut stream = tcp_from(local(1), addr).await;
        let request = format!("GET /api/games/x.pgn HTTP/1.1\r\nHost: {addr}\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut buf = [0u8; 1024];
        let n = stream.read(&mut buf).await.unwrap();
        assert_eq!(status(&String::from_utf8_lossy(&buf[..n])), Some(404));
        closed_within(&mut stream, Duration::from_secs(15)).await
    };
    let (slow, silent, idle) = tokio::join!(slow, silent, idle);
    eprintln!("closed after: slow head {slow:?}, silent {silent:?}, idle keep-alive {idle:?}");
    for closed in [slow, silent, idle] {
        let closed = closed.expect("closed");
        assert!(
            closed >= Duration::from_secs(9) && closed <= Duration::from_secs(12),
            "{closed:?}"
        );
    }
    server.stop().await.unwrap();
}

/// A body sent a byte a second, or half a body and then nothing: answered 408 and closed
/// once `body_read` has passed since the head; a body over the cap is refused at once
/// (413); a whole body in time reaches the route (here the events API's typed refusal).
#[tokio::test]
async fn slow_and_oversized_request_bodies_are_refused_and_closed() {
    let data = crate::data::data();
    let server = start_quick(&data).await;
    let addr = server.addr;
    let post = |length: usize| {
        format!(
            "POST /api/events HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\n\r\n"
        )
    };
    let dribbled = async {
        let (mut reader, mut writer) = tcp_from(local(1), addr).await.into_split();
        let head = post(40);
        let dribble = tokio::spawn(async move {
            writer.write_all(head.as_bytes()).await.unwrap();
            for _ in 0..40 {
                if writer.write_all(b" ").await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        });
        let started = Instant::now();
        let mut response = Vec::new();
        let closed = closed_collecting(&mut reader, &mut response, Duration::from_secs(8)).await;
        dribble.abort();
        (
            closed,
            started.elapsed(),
            String::from_utf8_lossy(&response).into_owned(),
        )
    };
    let stalled = async {
        let mut stream = tcp_from(local(2), addr).await;
        stream.write_all(post(100).as_bytes()).await.unwrap();
        stream.write_all(b"{\"v\":1,").await.unwrap();
        let started = Instant::now();
        let mut response = Vec::new();
        let closed = closed_collecting(&mut stream, &mut response, Duration::from_secs(8)).await;
        (
            closed,
            started.elapsed(),
            String::from_utf8_lossy(&response).into_owned(),
        )
    };
    let ((dribbled, d_took, d_text), (stalled, s_took, s_text)) = tokio::join!(dribbled, stalled);
    eprintln!("dribbled body closed after {d_took:?}, stalled after {s_took:?}");
    for (closed, took, text) in [(dribbled, d_took, d_text), (stalled, s_took, s_text)] {
        assert!(closed, "the connection stayed open: {text}");
        assert_eq!(status(&text), Some(408), "{text}");
        assert!(took >= Duration::from_millis(1_400), "{took:?}");
        assert!(took < Duration::from_secs(6), "{took:?}");
    }
    // Over 64 KiB: refused as soon as the byte past the cap arrives (all of it sent, so
    // that nothing unread turns the server's close into a reset).
    let mut big = tcp_from(local(3), addr).await;
    let over = 64 * 1024 + 1; // accept.rs, MAX_BODY_BYTES
    big.write_all(post(over).as_bytes()).await.unwrap();
    big.write_all(&vec![b' '; over]).await.unwrap();
    let text = read_all(&mut big).await;
    assert_eq!(status(&text), Some(413), "{text}");
    // A whole body in time reaches the route.
    let mut whole = tcp_from(local(4), addr).await;
    let body = "{\"v\":999}";
    whole
        .write_all(format!("{}{body}", post(body.len())).as_bytes())
        .await
        .unwrap();
    let mut buf = [0u8; 4096];
    let n = whole.read(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert_eq!(status(&text), Some(400), "{text}");
    assert!(text.contains("999"), "{text}");
    server.stop().await.unwrap();
}

/// Reads what comes into `response` until the server closes `stream`: whether it did
/// within `limit`.
async fn closed_collecting(
    stream: &mut (impl AsyncReadExt + Unpin),
    response: &mut Vec<u8>,
    limit: Duration,
) -> bool {
    let until = Instant::now() + limit;
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(until, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(n)) => response.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn heads_over_32_headers_or_8_kib_are_refused() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let addr = server.addr;
    let with = |headers: usize, value: usize| {
        let lines: String = (0..headers)
            .map(|i| format!("X-{i}: {}\r\n", "v".repeat(value)))
            .collect();
        format!("GET /api/games/x.pgn HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{lines}\r\n")
    };
    let send = |request: String| async move {
        let mut stream = tcp_from(local(1), addr).await;
        let _ = stream.write_all(request.as_bytes()).await;
        status(&read_all(&mut stream).await)
    };
    // Host and Connection and 30 more: 32.
    assert_eq!(send(with(30, 8)).await, Some(404));
    assert_eq!(send(with(31, 8)).await, Some(431));
    let large = send(with(1, 9 * 1024)).await;
    assert!(matches!(large, Some(431) | None), "{large:?}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn tcp_connections_are_capped_per_address_and_in_all_when_accepted() {
    let data = crate::data::data();
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.limits.per_address.as_mut().unwrap().sockets = 4;
    })
    .await;
    let addr = server.addr;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(tcp_from(local(2), addr).await);
    }
    // The fifth is closed at once, unread and unanswered.
    let mut fifth = tcp_from(local(2), addr).await;
    let _ = fifth.write_all(b"GET / HTTP/1.1\r\n\r\n").await;
    let closed = closed_within(&mut fifth, Duration::from_secs(1)).await;
    assert!(closed.is_some(), "the fifth connection stays open");
    // Everyone else is served, WebSockets included.
    let mut other = Client::player(&server).await;
    assert!(matches!(
        other
            .request(ClientMessage::LiveGames { players: vec![] })
            .await,
        ServerMessage::LiveGames { .. }
    ));
    // Once one closes, its place is free (when the server has seen it go).
    drop(held.pop());
    let mut attempts = 0;
    loop {
        let answer = get(local(2), addr, "/api/games/x.pgn", "").await;
        if status(&answer) == Some(404) {
            break;
        }
        attempts += 1;
        assert!(attempts < 100, "the freed place is not given again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await.unwrap();

    // The process's own cap, whatever the addresses.
    let data = crate::data::data();
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.max_connections = Some(6);
    })
    .await;
    let mut held = Vec::new();
    for n in 10..16 {
        held.push(tcp_from(local(n), server.addr).await);
    }
    let mut seventh = tcp_from(local(16), server.addr).await;
    assert!(
        closed_within(&mut seventh, Duration::from_secs(1))
            .await
            .is_some()
    );
    drop(held);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_upgraded_websocket_keeps_its_place_in_the_address_count() {
    let data = crate::data::data();
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.limits.per_address.as_mut().unwrap().sockets = 2;
    })
    .await;
    let addr = server.addr;
    let mut sockets = Vec::new();
    for _ in 0..2 {
        let stream = tcp_from(local(7), addr).await;
        let (socket, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), stream)
            .await
            .expect("upgraded");
        sockets.push(socket);
    }
    // The HTTP side of both is over, their sockets are not: a third is refused.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut third = tcp_from(local(7), addr).await;
    assert!(
        closed_within(&mut third, Duration::from_secs(1))
            .await
            .is_some()
    );
    // Once one WebSocket closes, its place is free.
    let mut first = sockets.remove(0);
    first.close(None).await.unwrap();
    while first.next().await.is_some() {}
    drop(first);
    let mut attempts = 0;
    while status(&get(local(7), addr, "/api/games/x.pgn", "").await) != Some(404) {
        attempts += 1;
        assert!(attempts < 100, "the WebSocket's place is not given back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_silent_websocket_is_closed_and_a_live_one_is_pinged() {
    let data = crate::data::data();
    let server = start_quick(&data).await;
    // No request within the first 500 ms: 1008.
    let mut mute = Client::connect(&server).await;
    let started = Instant::now();
    assert_eq!(mute.close_code().await, Some(1008));
    assert!(started.elapsed() < Duration::from_secs(3));
    // One that reads (and so answers the pings) stays, well past the second of silence.
    let mut live = Client::player(&server).await;
    let mut pings = 0;
    let until = Instant::now() + Duration::from_millis(2_500);
    while let Ok(frame) = tokio::time::timeout_at(until, live.socket().next()).await {
        match frame {
            Some(Ok(Message::Ping(_))) => pings += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(pings >= 8, "{pings} pings");
    assert!(matches!(
        live.request(ClientMessage::LiveGames { players: vec![] })
            .await,
        ServerMessage::LiveGames { .. }
    ));
    // One that stops reading sends no pongs: closed as gone (1001).
    let mut gone = Client::player(&server).await;
    tokio::time::sleep(Duration::from_millis(1_600)).await;
    assert_eq!(gone.close_code().await, Some(1001));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn pings_count_in_the_rate_limit_and_a_flood_of_them_is_closed() {
    let data = crate::data::data();
    // The server's clock stands still: no bucket refills.
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.limits = Limits::default();
    })
    .await;
    let mut client = Client::connect(&server).await;
    // The burst of 20, then five refused in a row.
    for _ in 0..25 {
        client.send_frame(Message::Ping(vec![1].into())).await;
    }
    assert_eq!(client.close_code().await, Some(1008));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn every_http_request_takes_from_the_address_budget() {
    let data = crate::data::data();
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.limits = Limits::default();
    })
    .await;
    let addr = server.addr;
    // Two upgrades.
    let game = Game::start(&server, Ruleset::Chess.into()).await;
    let path = format!("/api/games/{}.pgn", game.id);
    let record = get(local(1), addr, &path, "").await;
    assert_eq!(status(&record), Some(200));
    assert_eq!(
        header(&record, "x-content-type-options").as_deref(),
        Some("nosniff")
    );
    let mut served = 3;
    let refusal = loop {
        let answer = get(local(1), addr, &path, "").await;
        if status(&answer) != Some(200) {
            break answer;
        }
        served += 1;
        assert!(served <= 120);
    };
    assert_eq!(served, 120);
    assert_eq!(status(&refusal), Some(429));
    assert_eq!(header(&refusal, "retry-after").as_deref(), Some("1"));
    // The upgrade is an HTTP request too.
    let upgrade = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await;
    match upgrade {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 429);
        }
        other => panic!("{:?}", other.map(|(_, response)| response.status())),
    }
    // Another address has its own budget.
    assert_eq!(status(&get(local(2), addr, &path, "").await), Some(200));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_trusted_proxy_names_its_clients_and_is_not_capped_itself() {
    let data = crate::data::data();
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.trusted_proxies.trust("127.0.0.3").unwrap();
        config.limits.per_address = Some(AddressLimits {
            requests: Rate {
                burst: 3,
                per_second: 1,
            },
            sockets: 2,
            ..AddressLimits::default()
        });
    })
    .await;
    let addr = server.addr;
    let from = |n: u8, client: &str| {
        let extra = format!("X-Forwarded-For: 198.51.100.7, {client}\r\n");
        async move { status(&get(local(n), addr, "/api/games/x.pgn", &extra).await) }
    };
    // Through the proxy each client has its own budget; the left-hand entry, which the
    // client wrote, counts for nothing.
    for _ in 0..3 {
        assert_eq!(from(3, "203.0.113.1").await, Some(404));
    }
    assert_eq!(from(3, "203.0.113.1").await, Some(429));
    assert_eq!(from(3, "203.0.113.2").await, Some(404));
    // Not from the proxy: the header is ignored.
    for _ in 0..3 {
        assert_eq!(from(4, "203.0.113.3").await, Some(404));
    }
    assert_eq!(from(4, "203.0.113.4").await, Some(429));
    // The proxy holds more connections than an address may; another address does not.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(tcp_from(local(3), addr).await);
    }
    assert_eq!(from(3, "203.0.113.5").await, Some(404));
    held.push(tcp_from(local(5), addr).await);
    held.push(tcp_from(local(5), addr).await);
    let mut third = tcp_from(local(5), addr).await;
    assert!(
        closed_within(&mut third, Duration::from_secs(1))
            .await
            .is_some()
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_stopping_server_waits_for_no_half_sent_request() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let addr = server.addr;
    let mut half = tcp_from(local(1), addr).await;
    half.write_all(format!("GET /api/games/x.pgn HTTP/1.1\r\nHost: {addr}\r\nX-A:").as_bytes())
        .await
        .unwrap();
    let mut idle = tcp_from(local(1), addr).await;
    idle.write_all(format!("GET /api/games/x.pgn HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut buf = [0u8; 1024];
    let n = idle.read(&mut buf).await.unwrap();
    assert_eq!(status(&String::from_utf8_lossy(&buf[..n])), Some(404));
    let mut player = Client::player(&server).await;
    let started = Instant::now();
    server.stop().await.unwrap();
    let took = started.elapsed();
    eprintln!("stopped in {took:?}");
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(
        closed_within(&mut half, Duration::from_secs(1))
            .await
            .is_some()
    );
    assert!(
        closed_within(&mut idle, Duration::from_secs(1))
            .await
            .is_some()
    );
    assert!(player.closed().await);
}

/// A xorshift generator: the healthy game's moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Random legal games from 127.0.0.1, a move every 120 ms, until `until`: each move's
/// round trip. Every request must be served.
async fn healthy_games(server: &shatar_server::Running, until: Instant) -> Vec<Duration> {
    let kind: GameKind = Ruleset::Chess.into();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut round_trips = Vec::new();
    while Instant::now() < until {
        let mut game = Game::start(server, kind).await;
        let mut record = AnyGameRecord::new(AnyGamePosition::startpos(kind).unwrap());
        let mut ply = 0u32;
        while record.outcome().is_none() && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(120)).await;
            let mut legal = record.position().legal_moves();
            let (m, next) = loop {
                assert!(!legal.is_empty());
                let m = legal.swap_remove(rng.below(legal.len()));
                let mut next = record.clone();
                if next.play(m).is_ok() {
                    break (m, next);
                }
            };
            let mover = if ply.is_multiple_of(2) {
                &mut game.white
            } else {
                &mut game.black
            };
            let sent = Instant::now();
            let answer = mover.play(game.id, ply, &m.to_string()).await;
            round_trips.push(sent.elapsed());
            assert_eq!(answer, ServerMessage::Accepted, "ply {ply}");
            record = next;
            ply += 1;
        }
    }
    round_trips
}

/// Runs `flood` over and over until `stop`.
fn keep_flooding<F, Fut>(stop: &Arc<AtomicBool>, flood: F) -> tokio::task::JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let stop = stop.clone();
    tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            flood().await;
        }
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_plays_on_while_other_addresses_flood() {
    let data = crate::data::data();
    let site = tempfile::tempdir().unwrap();
    std::fs::write(
        site.path().join("index.html"),
        "<!doctype html><title>x</title>",
    )
    .unwrap();
    let server = start_config(
        &data,
        Some(site.path()),
        Arc::new(MonotonicTime::new()),
        |config| {
            config.limits = Limits {
                timeouts: Timeouts {
                    header_read: Duration::from_secs(2),
                    body_read: Duration::from_secs(2),
                    first_message: Duration::from_secs(2),
                    ping_every: Duration::from_secs(1),
                    silence: Duration::from_secs(3),
                    shutdown_grace: Duration::from_secs(1),
                },
                ..Limits::default()
            };
        },
    )
    .await;
    let addr = server.addr;
    // The same game with no flood, for comparison (the machine's own load shows in both).
    let mut quiet = healthy_games(&server, Instant::now() + Duration::from_secs(3)).await;
    quiet.sort();
    // A game to ask the record of.
    let game = Game::start(&server, Ruleset::Chess.into()).await;
    let record = format!("/api/games/{}.pgn", game.id);
    drop(game);
    let stop = Arc::new(AtomicBool::new(false));
    let refused = Arc::new(AtomicU64::new(0));
    let mut floods = Vec::new();
    // 300 idle sockets from one address, held a second, again and again.
    floods.push(keep_flooding(&stop, move || async move {
        let mut held = Vec::new();
        for _ in 0..300 {
            held.push(tcp_from(local(2), addr).await);
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }));
    // Heads a byte every 100 ms, on 20 connections.
    for _ in 0..20 {
        floods.push(keep_flooding(&stop, move || async move {
            let (mut reader, mut writer) = tcp_from(local(3), addr).await.into_split();
            let dribble = async move {
                for byte in
                    b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter()
                {
                    if writer.write_all(&[*byte]).await.is_err() {
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            };
            tokio::select! {
                () = dribble => {}
                _ = closed_within(&mut reader, Duration::from_secs(10)) => {}
            }
        }));
    }
    // WebSockets that never send a request, 20 at a time.
    for _ in 0..20 {
        floods.push(keep_flooding(&stop, move || async move {
            let stream = tcp_from(local(4), addr).await;
            let url = format!("ws://{addr}/ws");
            if let Ok((mut socket, _)) = tokio_tungstenite::client_async(url, stream).await {
                while let Ok(Some(Ok(_))) =
                    tokio::time::timeout(Duration::from_secs(5), socket.next()).await
                {
                }
            } else {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }));
    }
    // Pings as fast as they go, on a new connection when one is closed.
    let closed_pingers = Arc::new(AtomicU64::new(0));
    let counted = closed_pingers.clone();
    floods.push(keep_flooding(&stop, move || {
        let counted = counted.clone();
        async move {
            let stream = tcp_from(local(5), addr).await;
            let url = format!("ws://{addr}/ws");
            let Ok((socket, _)) = tokio_tungstenite::client_async(url, stream).await else {
                tokio::time::sleep(Duration::from_millis(100)).await;
                return;
            };
            let (mut sink, mut stream) = socket.split();
            let reader = async {
                while let Some(Ok(frame)) = stream.next().await {
                    // 1008 closes a flood; 1013 refuses a connection over the address's
                    // budget of new ones.
                    if let Message::Close(Some(close)) = frame
                        && u16::from(close.code) == 1008
                    {
                        counted.fetch_add(1, Ordering::Relaxed);
                    }
                }
            };
            let pinger = async { while sink.send(Message::Ping(vec![0].into())).await.is_ok() {} };
            tokio::join!(reader, pinger);
        }
    }));
    // The record and the site's page, as fast as they are answered.
    for path in [record.clone(), "/".to_string()] {
        let counted = refused.clone();
        floods.push(keep_flooding(&stop, move || {
            let (path, counted) = (path.clone(), counted.clone());
            async move {
                if status(&get(local(6), addr, &path, "").await) == Some(429) {
                    counted.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    let until = Instant::now() + Duration::from_secs(10);
    let mut round_trips = healthy_games(&server, until).await;
    stop.store(true, Ordering::Relaxed);
    for flood in floods {
        flood.abort();
    }
    round_trips.sort();
    let quantile =
        |sorted: &[Duration], q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let at = |q: f64| quantile(&round_trips, q);
    eprintln!(
        "a healthy game alone: {} moves, round trip p50 {:?}, p99 {:?}; under floods: {} \
         moves, p50 {:?}, p99 {:?}, max {:?}; {} HTTP requests refused (429), {} ping floods \
         closed (1008)",
        quiet.len(),
        quantile(&quiet, 0.5),
        quantile(&quiet, 0.99),
        round_trips.len(),
        at(0.5),
        at(0.99),
        round_trips.last().unwrap(),
        refused.load(Ordering::Relaxed),
        closed_pingers.load(Ordering::Relaxed),
    );
    assert!(round_trips.len() >= 40, "{} moves", round_trips.len());
    assert!(at(0.99) < Duration::from_millis(500), "p99 {:?}", at(0.99));
    assert!(refused.load(Ordering::Relaxed) > 0);
    assert!(closed_pingers.load(Ordering::Relaxed) > 0);
    // And a new player from the healthy address still gets in.
    Client::player(&server).await;
    server.stop().await.unwrap();
}
