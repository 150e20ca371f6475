//! The server's own time, which runs the games' clocks: injected, so that tests can move
//! it by hand and a flag can fall without waiting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A monotonic count of milliseconds. Only differences matter: the clocks store no
/// reading across a restart (see `arbiter::stored_clock`).
pub trait TimeSource: Send + Sync + 'static {
    fn now_ms(&self) -> u64;
}

/// The time since the server started.
pub struct MonotonicTime {
    started: Instant,
}

impl MonotonicTime {
    pub fn new() -> MonotonicTime {
        MonotonicTime {
            started: Instant::now(),
        }
    }
}

impl Default for MonotonicTime {
    fn default() -> Self {
        MonotonicTime::new()
    }
}

impl TimeSource for MonotonicTime {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// Time that moves only when told: for tests.
#[derive(Default)]
pub struct ManualTime {
    now_ms: AtomicU64,
}

impl ManualTime {
    pub fn advance(&self, ms: u64) {
        self.now_ms.fetch_add(ms, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> u64 {
        self.now_ms.load(Ordering::SeqCst)
    }
}
