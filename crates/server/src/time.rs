//! The server's own time, which runs the games' clocks: injected, so that tests can move
//! it by hand and a flag can fall without waiting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A monotonic count of milliseconds. Only differences matter: the clocks store no
/// reading across a restart (see `arbiter::stored_clock`).
pub trait TimeSource: Send + Sync + 'static {
    fn now_ms(&self) -> u64;

    /// Milliseconds since the Unix epoch: what a correspondence clock is charged by across
    /// a restart (days, not a live game's seconds, are at stake there).
    fn wall_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }
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

    /// The same hand-moved time: a test's restart lasts as long as it advances it.
    fn wall_ms(&self) -> u64 {
        self.now_ms()
    }
}
