//! One game between two connections: set up, then (once every game is set up) random
//! legal moves in turn, each timed from sending to the server's `Accepted`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use shatar_protocol::online::{
    BonusWire, ClientMessage, ColorChoice, GameId, PeriodWire, ServerMessage, TimeControlWire,
};
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind};
use tokio::sync::{Barrier, Semaphore};

use crate::client::{Client, Failure};

pub struct Plan {
    pub server: SocketAddr,
    pub kind: GameKind,
    pub plies: u32,
    pub think_ms: u64,
}

#[derive(Default)]
pub struct Tally {
    pub connections: u64,
    pub moves_sent: u64,
    pub accepted: u64,
    /// Moves legal by `shatar_rules` that the server refused: must stay 0.
    pub rejected: u64,
    /// Moves accepted that the opponent's connection never heard of: must stay 0.
    pub lost: u64,
    pub round_trips_us: Vec<u64>,
    pub failure: Option<String>,
}

/// A small xorshift: each game's moves differ, and a run needs no random source.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn long_control() -> TimeControlWire {
    TimeControlWire {
        periods: vec![PeriodWire {
            moves: None,
            base_ms: 3 * 3_600_000,
            bonus: BonusWire::Increment { ms: 0 },
        }],
        days_per_move: None,
    }
}

/// Two players, a challenge, its acceptance, and both watching the game.
async fn set_up(plan: &Plan, tally: &mut Tally) -> Result<(GameId, Client, Client), Failure> {
    let mut white = Client::connect(plan.server).await?;
    tally.connections += 1;
    let mut black = Client::connect(plan.server).await?;
    tally.connections += 1;
    for player in [&mut white, &mut black] {
        player
            .request(ClientMessage::Hello { player: None })
            .await?;
    }
    let created = white
        .request(ClientMessage::CreateChallenge {
            kind: plan.kind,
            time_control: long_control(),
            color: ColorChoice::White,
            open: false,
        })
        .await?;
    let ServerMessage::ChallengeCreated { challenge } = created else {
        return Err(Failure::Unexpected(format!("{created:?}")));
    };
    let accepted = black
        .request(ClientMessage::AcceptChallenge { challenge })
        .await?;
    let ServerMessage::GameStarted { game, .. } = accepted else {
        return Err(Failure::Unexpected(format!("{accepted:?}")));
    };
    for player in [&mut white, &mut black] {
        player.request(ClientMessage::Watch { game }).await?;
    }
    Ok((game, white, black))
}

pub async fn run(
    plan: Arc<Plan>,
    seed: u64,
    setting_up: Arc<Semaphore>,
    start_line: Arc<Barrier>,
) -> Tally {
    let mut tally = Tally::default();
    let set = {
        let _turn = setting_up.acquire().await;
        set_up(&plan, &mut tally).await
    };
    // Every game waits here, set up or not, so that they are all played at once.
    start_line.wait().await;
    let (game, white, black) = match set {
        Ok(set) => set,
        Err(e) => {
            tally.failure = Some(format!("setting up: {e}"));
            return tally;
        }
    };
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    if let Err(e) = play(&plan, game, [white, black], &mut rng, &mut tally).await {
        tally.failure = Some(format!("playing: {e}"));
    }
    tally
}

async fn play(
    plan: &Plan,
    game: GameId,
    mut players: [Client; 2],
    rng: &mut Rng,
    tally: &mut Tally,
) -> Result<(), Failure> {
    let start =
        AnyGamePosition::startpos(plan.kind).map_err(|e| Failure::Unexpected(format!("{e:?}")))?;
    let mut record = AnyGameRecord::new(start);
    let mut ply = 0;
    while ply < plan.plies && record.outcome().is_none() {
        let think = plan.think_ms / 2 + rng.below(plan.think_ms as usize + 1) as u64;
        tokio::time::sleep(Duration::from_millis(think)).await;
        let mut legal = record.position().legal_moves();
        // A move the record refuses (a repetition ruling) is not sent.
        let chosen = loop {
            if legal.is_empty() {
                return Ok(());
            }
            let m = legal.swap_remove(rng.below(legal.len()));
            let mut next = record.clone();
            if next.play(m).is_ok() {
                break (m, next);
            }
        };
        let (m, next) = chosen;
        let [white, black] = &mut players;
        let (mover, other) = if ply % 2 == 0 {
            (white, black)
        } else {
            (black, white)
        };
        let sent = Instant::now();
        tally.moves_sent += 1;
        let request = ClientMessage::Move {
            game,
            ply,
            text: m.to_string(),
        };
        match mover.request(request).await {
            Ok(ServerMessage::Accepted) => {
                tally.round_trips_us.push(sent.elapsed().as_micros() as u64);
                tally.accepted += 1;
            }
            Ok(other) => return Err(Failure::Unexpected(format!("{other:?}"))),
            Err(Failure::Refused(e)) => {
                tally.rejected += 1;
                return Err(Failure::Refused(e));
            }
            Err(e) => return Err(e),
        }
        if other.see(ply).await.is_err() {
            tally.lost += 1;
        }
        record = next;
        ply += 1;
    }
    // Each side hears every move, its own included.
    for player in &mut players {
        if ply > 0 && player.see(ply - 1).await.is_err() {
            tally.lost += 1;
        }
    }
    let [white, black] = players;
    white.close().await;
    black.close().await;
    Ok(())
}
