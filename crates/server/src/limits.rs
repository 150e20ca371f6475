//! Rate limits: a token bucket per connection for its messages, and per client address
//! one for HTTP requests, one for new WebSocket connections, one for messages over all its
//! connections, and a cap on how many WebSockets it holds open. Time comes from the
//! server's [`TimeSource`], so tests move it. The TCP connections an address holds, and
//! the socket timers, are counted in `src/accept.rs` and `src/session.rs` with the numbers
//! set here.
//!
//! The address is the TCP peer's, or behind a trusted proxy (`--trusted-proxy`) the one it
//! names in `X-Forwarded-For` (`src/proxy.rs`). Behind a proxy that is not declared every
//! client shares the proxy's address: `--no-address-limits` turns the per-address limits
//! off and leaves them to the proxy.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::time::TimeSource;
use crate::wire::ErrorKind;

/// A burst of `burst` at once, then `per_second` on average.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub burst: u32,
    pub per_second: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressLimits {
    /// New WebSocket connections.
    pub connections: Rate,
    /// WebSocket messages (pings and pongs included) over all the address's connections.
    pub messages: Rate,
    /// WebSockets open at once.
    pub open: u32,
    /// HTTP requests of every kind: site files, records, WebSocket upgrades.
    pub requests: Rate,
    /// TCP connections open at once, whatever they carry: counted when accepted, so that
    /// idle, slow and never-upgraded sockets count too. A trusted proxy's own address is
    /// exempt (it carries many clients).
    pub sockets: u32,
}

impl Default for AddressLimits {
    fn default() -> AddressLimits {
        AddressLimits {
            connections: Rate {
                burst: 30,
                per_second: 2,
            },
            // A club's room behind one NAT address: tens of players.
            messages: Rate {
                burst: 200,
                per_second: 50,
            },
            open: 64,
            // A first visit loads about 40 files at once; a page then asks for a few a
            // minute (a record, the live list every ten seconds).
            requests: Rate {
                burst: 120,
                per_second: 30,
            },
            // Twice the WebSockets, for the page loads and downloads beside them.
            sockets: 128,
        }
    }
}

/// The socket timers, on tokio's clock (not the [`TimeSource`]: they bound real waiting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From a connection's start, or the end of its last response, to a whole request
    /// head: slow headers and idle keep-alive connections are closed after it.
    pub header_read: Duration,
    /// From a whole head to the last byte of its body: a body sent a byte at a time is
    /// answered 408 and its connection closed after it.
    pub body_read: Duration,
    /// A WebSocket must send its first message within this (closed with 1008).
    pub first_message: Duration,
    /// The server pings each WebSocket this often (browsers answer by themselves)...
    pub ping_every: Duration,
    /// ...and closes (1001) one from which nothing at all arrived for this long.
    pub silence: Duration,
    /// How long a stopping server waits for the HTTP requests in flight.
    pub shutdown_grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header_read: Duration::from_secs(10),
            // The largest body any route takes is 32 KiB: a second on a slow phone.
            body_read: Duration::from_secs(10),
            first_message: Duration::from_secs(10),
            // Under the 30 s and more after which NATs and proxies commonly drop idle TCP.
            ping_every: Duration::from_secs(25),
            silence: Duration::from_secs(60),
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// A slow budget: `burst` at once, then one every `every_ms` (events made from an address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlowRate {
    pub burst: u32,
    pub every_ms: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub per_connection: Rate,
    /// Club events an address may make (issue 56): each is rows kept for good.
    pub events_per_address: SlowRate,
    /// `None`: no limit per address (a load test on loopback; a proxy that limits).
    pub per_address: Option<AddressLimits>,
    /// Refusals in a row after which a connection is closed: a client that honours
    /// `retry_after_ms` never comes near it.
    pub strikes: u32,
    /// The unasked frames a connection may have waiting; a watcher further behind is
    /// disconnected (see `hub::outbox`).
    pub outbox_frames: usize,
    pub timeouts: Timeouts,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // A player moves at most a few times a second; a page's reconnection replays
            // a handful of requests at once.
            per_connection: Rate {
                burst: 20,
                per_second: 5,
            },
            per_address: Some(AddressLimits::default()),
            // A club makes an event or two a week; a director trying things out, ten.
            events_per_address: SlowRate {
                burst: 10,
                every_ms: 6 * 60_000,
            },
            // Over the burst, five refusals in a row: a page that honours `retry_after_ms`
            // gets none, and a flood is cut after a handful of wasted answers.
            strikes: 5,
            outbox_frames: 256,
            timeouts: Timeouts::default(),
        }
    }
}

/// A token bucket counted in thousandths of a token, so that refills need no floats.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    milli: u64,
    at_ms: u64,
}

const MILLI: u64 = 1_000;

impl Bucket {
    fn full(rate: Rate, now_ms: u64) -> Bucket {
        Bucket {
            milli: u64::from(rate.burst) * MILLI,
            at_ms: now_ms,
        }
    }

    fn refill(&mut self, rate: Rate, now_ms: u64) {
        let elapsed = now_ms.saturating_sub(self.at_ms);
        // One token per second is `per_second` thousandths per millisecond.
        let gained = elapsed.saturating_mul(u64::from(rate.per_second));
        self.milli = (self.milli.saturating_add(gained)).min(u64::from(rate.burst) * MILLI);
        self.at_ms = self.at_ms.max(now_ms);
    }

    /// Takes a token, or says in how many milliseconds one will be there.
    fn take(&mut self, rate: Rate, now_ms: u64) -> Result<(), u64> {
        self.refill(rate, now_ms);
        if self.milli >= MILLI {
            self.milli -= MILLI;
            return Ok(());
        }
        let per_ms = u64::from(rate.per_second.max(1));
        Err((MILLI - self.milli).div_ceil(per_ms))
    }

    fn is_full(&mut self, rate: Rate, now_ms: u64) -> bool {
        self.refill(rate, now_ms);
        self.milli >= u64::from(rate.burst) * MILLI
    }
}

struct Address {
    connections: Bucket,
    messages: Bucket,
    requests: Bucket,
    open: u32,
}

impl Addresses {
    /// `ip`'s entry, made if missing; idle entries are forgotten first when the map has
    /// grown enough.
    fn entry(&mut self, ip: IpAddr, limits: AddressLimits, now: u64) -> &mut Address {
        if self.map.len() >= self.sweep_at.max(FIRST_SWEEP) {
            self.map.retain(|_, a| {
                a.open > 0
                    || !a.connections.is_full(limits.connections, now)
                    || !a.messages.is_full(limits.messages, now)
                    || !a.requests.is_full(limits.requests, now)
            });
            self.sweep_at = 2 * self.map.len();
        }
        self.map.entry(ip).or_insert_with(|| Address {
            connections: Bucket::full(limits.connections, now),
            messages: Bucket::full(limits.messages, now),
            requests: Bucket::full(limits.requests, now),
            open: 0,
        })
    }
}

/// The limits of every address, shared by all connections.
pub struct Limiter {
    limits: Limits,
    time: Arc<dyn TimeSource>,
    addresses: Mutex<Addresses>,
    /// Each address's budget of new events: (thousandths of an event, as of when).
    events: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Default)]
struct Addresses {
    map: HashMap<IpAddr, Address>,
    /// The size at which addresses that are idle again (nothing open, buckets full) are
    /// forgotten: twice what was kept last time, so that sweeping costs O(1) a connection.
    sweep_at: usize,
}

const FIRST_SWEEP: usize = 1_024;

impl Limiter {
    pub fn new(limits: Limits, time: Arc<dyn TimeSource>) -> Arc<Limiter> {
        Arc::new(Limiter {
            limits,
            time,
            addresses: Mutex::default(),
            events: Mutex::default(),
        })
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Admits a new connection from `ip`, or says why not.
    pub fn connect(self: &Arc<Self>, ip: IpAddr) -> Result<Connection, ErrorKind> {
        let now = self.time.now_ms();
        if let Some(limits) = self.limits.per_address {
            let mut addresses = self.addresses();
            let address = addresses.entry(ip, limits, now);
            if address.open >= limits.open {
                return Err(ErrorKind::TooManyConnections { max: limits.open });
            }
            address
                .connections
                .take(limits.connections, now)
                .map_err(|retry_after_ms| ErrorKind::RateLimited { retry_after_ms })?;
            address.open += 1;
        }
        Ok(Connection {
            limiter: self.clone(),
            ip,
            bucket: Bucket::full(self.limits.per_connection, now),
            strikes: 0,
        })
    }

    /// Whether `ip` may make one more HTTP request now, or in how many milliseconds.
    pub fn request(&self, ip: IpAddr) -> Result<(), u64> {
        let Some(limits) = self.limits.per_address else {
            return Ok(());
        };
        let now = self.time.now_ms();
        let mut addresses = self.addresses();
        addresses
            .entry(ip, limits, now)
            .requests
            .take(limits.requests, now)
    }

    /// Whether `ip` may make one more event now, or in how many milliseconds.
    pub fn create_event(&self, ip: IpAddr) -> Result<(), u64> {
        if self.limits.per_address.is_none() {
            return Ok(());
        }
        let rate = self.limits.events_per_address;
        let now = self.time.now_ms();
        let full = u64::from(rate.burst) * MILLI;
        let mut events = self.events.lock().unwrap_or_else(PoisonError::into_inner);
        if events.len() >= FIRST_SWEEP {
            let every = rate.every_ms.max(1);
            events.retain(|_, b| b.milli + now.saturating_sub(b.at_ms) * MILLI / every < full);
        }
        let bucket = events.entry(ip).or_insert(Bucket {
            milli: full,
            at_ms: now,
        });
        let gained = now.saturating_sub(bucket.at_ms) * MILLI / rate.every_ms.max(1);
        bucket.milli = bucket.milli.saturating_add(gained).min(full);
        bucket.at_ms = bucket.at_ms.max(now);
        if bucket.milli >= MILLI {
            bucket.milli -= MILLI;
            return Ok(());
        }
        Err((MILLI - bucket.milli) * rate.every_ms.max(1) / MILLI + 1)
    }

    fn addresses(&self) -> std::sync::MutexGuard<'_, Addresses> {
        // Each change under the lock is a few counters: a panic leaves them usable.
        self.addresses
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// One admitted connection: its own bucket, and its place in its address's count.
pub struct Connection {
    limiter: Arc<Limiter>,
    ip: IpAddr,
    bucket: Bucket,
    strikes: u32,
}

/// A message refused by the limits.
#[derive(Debug, PartialEq, Eq)]
pub struct Over {
    pub error: ErrorKind,
    /// The client kept sending past its refusals: close the connection.
    pub close: bool,
}

impl Connection {
    pub fn outbox_frames(&self) -> usize {
        self.limiter.limits.outbox_frames
    }

    pub fn timeouts(&self) -> Timeouts {
        self.limiter.limits.timeouts
    }

    /// Whether one more message may be served now.
    pub fn admit(&mut self) -> Result<(), Over> {
        let limiter = &self.limiter;
        let now = limiter.time.now_ms();
        let mut taken = self.bucket.take(limiter.limits.per_connection, now);
        if let (Ok(()), Some(limits)) = (taken, limiter.limits.per_address)
            && let Some(address) = limiter.addresses().map.get_mut(&self.ip)
        {
            taken = address.messages.take(limits.messages, now);
        }
        match taken {
            Ok(()) => {
                self.strikes = 0;
                Ok(())
            }
            Err(retry_after_ms) => {
                self.strikes += 1;
                Err(Over {
                    error: ErrorKind::RateLimited { retry_after_ms },
                    close: self.strikes >= limiter.limits.strikes,
                })
            }
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(address) = self.limiter.addresses().map.get_mut(&self.ip) {
            address.open = address.open.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests;
