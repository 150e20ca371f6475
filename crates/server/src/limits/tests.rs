use super::*;
use crate::time::ManualTime;

fn limiter(limits: Limits) -> (Arc<Limiter>, Arc<ManualTime>) {
    let time = Arc::new(ManualTime::default());
    (Limiter::new(limits, time.clone()), time)
}

const HOME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

fn limited(result: Result<(), Over>) -> u64 {
    match result {
        Err(Over {
            error: ErrorKind::RateLimited { retry_after_ms },
            ..
        }) => retry_after_ms,
        other => panic!("not rate-limited: {other:?}"),
    }
}

#[test]
fn a_burst_then_the_rate() {
    let (limiter, time) = limiter(Limits::default());
    let mut connection = limiter.connect(HOME).unwrap();
    for _ in 0..20 {
        connection.admit().unwrap();
    }
    // 5 a second: the next token is 200 ms away.
    assert_eq!(limited(connection.admit()), 200);
    time.advance(150);
    assert_eq!(limited(connection.admit()), 50);
    time.advance(50);
    connection.admit().unwrap();
    // Waiting long refills the burst, no more.
    time.advance(3_600_000);
    for _ in 0..20 {
        connection.admit().unwrap();
    }
    assert!(connection.admit().is_err());
}

#[test]
fn a_client_that_keeps_sending_is_closed() {
    let (limiter, _) = limiter(Limits::default());
    let mut connection = limiter.connect(HOME).unwrap();
    let closes: Vec<bool> = (0..30)
        .map(|_| connection.admit().err().is_some_and(|over| over.close))
        .collect();
    // The burst of 20, then the fifth refusal in a row.
    assert_eq!(closes.iter().position(|&c| c), Some(24), "{closes:?}");
}

#[test]
fn an_address_has_a_budget_of_connections_and_messages() {
    let limits = Limits::default();
    let address = limits.per_address.unwrap();
    let (limiter, time) = limiter(limits);
    let mut open: Vec<Connection> = (0..address.connections.burst)
        .map(|_| limiter.connect(HOME).unwrap())
        .collect();
    assert_eq!(
        limiter.connect(HOME).err(),
        Some(ErrorKind::RateLimited {
            retry_after_ms: 500
        })
    );
    // Another address has its own budget.
    assert!(limiter.connect("10.0.0.1".parse().unwrap()).is_ok());
    // The address's messages: 200 over its connections, whatever each one's own bucket.
    let mut sent = 0;
    for connection in open.iter_mut() {
        while connection.admit().is_ok() {
            sent += 1;
        }
    }
    assert_eq!(sent, address.messages.burst);
    // At most `open` at once, however slowly they come.
    while open.len() < address.open as usize {
        time.advance(1_000);
        open.push(limiter.connect(HOME).unwrap());
    }
    time.advance(60_000);
    assert_eq!(
        limiter.connect(HOME).err(),
        Some(ErrorKind::TooManyConnections { max: address.open })
    );
    open.pop();
    assert!(limiter.connect(HOME).is_ok());
}

#[test]
fn without_address_limits_only_each_connection_is_limited() {
    let (limiter, _) = limiter(Limits {
        per_address: None,
        ..Limits::default()
    });
    let connections: Vec<Connection> = (0..5_000).map(|_| limiter.connect(HOME).unwrap()).collect();
    assert_eq!(connections.len(), 5_000);
}

#[test]
fn an_address_has_a_budget_of_http_requests() {
    let limits = Limits::default();
    let requests = limits.per_address.unwrap().requests;
    assert_eq!((requests.burst, requests.per_second), (120, 30));
    let (limiter, time) = limiter(limits);
    for _ in 0..120 {
        limiter.request(HOME).unwrap();
    }
    // 30 a second: the next token is 34 ms away (a thirtieth of a second, rounded up).
    assert_eq!(limiter.request(HOME), Err(34));
    assert!(limiter.request("10.0.0.1".parse().unwrap()).is_ok());
    time.advance(34);
    limiter.request(HOME).unwrap();
    let (unlimited, _) = limiter_without_addresses();
    for _ in 0..1_000 {
        unlimited.request(HOME).unwrap();
    }
}

fn limiter_without_addresses() -> (Arc<Limiter>, Arc<ManualTime>) {
    limiter(Limits {
        per_address: None,
        ..Limits::default()
    })
}
