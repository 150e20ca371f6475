//! `shatar-load`: N simultaneous games against a Shatar server on loopback, each pair of
//! connections playing random legal moves (`shatar_rules`), and what it measured: moves
//! accepted, lost or refused (both must be 0), the move's round trip, and the server's
//! memory a game. A tool to run by hand (crates/server/README.md, docs/server-load.md),
//! not a test: it loads every core.

mod client;
mod duel;
mod report;
mod server;

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use shatar_rules::GameKind;
use tokio::sync::{Barrier, Semaphore};

use duel::Plan;

const USAGE: &str = "usage: shatar-load (--server ADDR [--pid PID] | --start-server BIN)
                   [--games N] [--plies N] [--think-ms MS] [--game KIND]
  --server ADDR        a running server, on loopback (127.0.0.1:8080); start it with
                       --no-address-limits, or its per-address limits refuse the run
  --pid PID            that server's process, whose memory (VmRSS) is reported
  --start-server BIN   start this shatar-server binary on a free port of 127.0.0.1,
                       its database in a fresh temporary directory, and measure it
  --games N            simultaneous games, two connections each (default 100)
  --plies N            moves a game at most (default 40; mates and draws end some sooner)
  --think-ms MS        a player's thinking time a move, on average (default 1000)
  --game KIND          mongolian, mongolian-folk, chess or xiangqi (default mongolian)";

struct Args {
    server: Option<SocketAddr>,
    pid: Option<u32>,
    start_server: Option<String>,
    games: u32,
    plies: u32,
    think_ms: u64,
    kind: GameKind,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args {
        server: None,
        pid: None,
        start_server: None,
        games: 100,
        plies: 40,
        think_ms: 1_000,
        kind: shatar_rules::Ruleset::Mongolian.into(),
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("{text:?}: not a number"))
        };
        match flag.as_str() {
            "--server" => {
                let text = value()?;
                parsed.server = Some(text.parse().map_err(|_| format!("{text:?}: no address"))?);
            }
            "--pid" => parsed.pid = Some(number(value()?)? as u32),
            "--start-server" => parsed.start_server = Some(value()?),
            "--games" => parsed.games = number(value()?)? as u32,
            "--plies" => parsed.plies = number(value()?)? as u32,
            "--think-ms" => parsed.think_ms = number(value()?)?,
            "--game" => {
                let text = value()?;
                parsed.kind = text.parse().map_err(|_| format!("{text:?}: no game"))?;
            }
            "-h" | "--help" => return Err(USAGE.into()),
            _ => return Err(format!("unknown argument {flag:?}\n{USAGE}")),
        }
    }
    if parsed.server.is_some() == parsed.start_server.is_some() {
        return Err(format!("give --server or --start-server\n{USAGE}"));
    }
    Ok(parsed)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let files = server::raise_file_limit();
    let mut started = None;
    let (addr, pid) = match (&args.server, &args.start_server) {
        (Some(addr), _) => (*addr, args.pid),
        (None, Some(binary)) => match server::Started::start(binary).await {
            Ok(server) => {
                let at = (server.addr, Some(server.pid));
                started = Some(server);
                at
            }
            Err(e) => {
                eprintln!("shatar-load: starting the server: {e}");
                return ExitCode::FAILURE;
            }
        },
        (None, None) => unreachable!("parse asks for one"),
    };
    // A load test is for one's own server: never another machine.
    if !addr.ip().is_loopback() {
        eprintln!("shatar-load: {addr} is not a loopback address; refusing");
        return ExitCode::from(2);
    }
    let plan = Arc::new(Plan {
        server: addr,
        kind: args.kind,
        plies: args.plies,
        think_ms: args.think_ms,
    });
    let before = pid.and_then(report::rss_kib);
    let sampler = pid.map(report::Sampler::start);
    let began = Instant::now();
    let setting_up = Arc::new(Semaphore::new(64));
    let start_line = Arc::new(Barrier::new(args.games as usize));
    let games: Vec<_> = (0..args.games)
        .map(|i| {
            let run = duel::run(
                plan.clone(),
                u64::from(i) + 1,
                setting_up.clone(),
                start_line.clone(),
            );
            tokio::spawn(run)
        })
        .collect();
    let mut tallies = Vec::with_capacity(games.len());
    for game in games {
        tallies.push(game.await.unwrap_or_default());
    }
    let peak = sampler.map(report::Sampler::stop);
    let summary = report::Summary {
        games: args.games,
        tallies,
        seconds: began.elapsed().as_secs_f64(),
        rss_before_kib: before,
        rss_peak_kib: peak.flatten(),
        file_limit: files,
    };
    println!("{summary}");
    if let Some(server) = started {
        server.stop().await;
    }
    if summary.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
