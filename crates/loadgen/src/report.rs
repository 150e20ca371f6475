//! What a run measured, and the server's memory read from /proc while it ran.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::task::JoinHandle;

use crate::duel::Tally;

/// The resident memory of process `pid` in KiB (`VmRSS` of `/proc/<pid>/status`).
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Reads the server's memory four times a second and keeps the highest.
pub struct Sampler {
    peak: Arc<AtomicU64>,
    task: JoinHandle<()>,
}

impl Sampler {
    pub fn start(pid: u32) -> Sampler {
        let peak = Arc::new(AtomicU64::new(0));
        let seen = peak.clone();
        let task = tokio::spawn(async move {
            loop {
                if let Some(kib) = rss_kib(pid) {
                    seen.fetch_max(kib, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
        Sampler { peak, task }
    }

    pub fn stop(self) -> Option<u64> {
        self.task.abort();
        Some(self.peak.load(Ordering::Relaxed)).filter(|&kib| kib > 0)
    }
}

pub struct Summary {
    pub games: u32,
    pub tallies: Vec<Tally>,
    pub seconds: f64,
    pub rss_before_kib: Option<u64>,
    pub rss_peak_kib: Option<u64>,
    pub file_limit: u64,
}

impl Summary {
    fn sum(&self, field: impl Fn(&Tally) -> u64) -> u64 {
        self.tallies.iter().map(field).sum()
    }

    fn failures(&self) -> usize {
        self.tallies.iter().filter(|t| t.failure.is_some()).count()
    }

    /// No failed game, no refused legal move, no lost move.
    pub fn clean(&self) -> bool {
        self.failures() == 0 && self.sum(|t| t.rejected) == 0 && self.sum(|t| t.lost) == 0
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at] as f64 / 1_000.0
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let accepted = self.sum(|t| t.accepted);
        writeln!(
            f,
            "games {} ({} failed), connections {} (file limit {})",
            self.games,
            self.failures(),
            self.sum(|t| t.connections),
            self.file_limit
        )?;
        writeln!(
            f,
            "moves sent {}, accepted {}, legal moves refused {}, lost {}",
            self.sum(|t| t.moves_sent),
            accepted,
            self.sum(|t| t.rejected),
            self.sum(|t| t.lost)
        )?;
        let mut trips: Vec<u64> = self
            .tallies
            .iter()
            .flat_map(|t| t.round_trips_us.iter().copied())
            .collect();
        trips.sort_unstable();
        writeln!(
            f,
            "move round trip ms: p50 {:.1}, p99 {:.1}, max {:.1}",
            percentile(&trips, 0.5),
            percentile(&trips, 0.99),
            percentile(&trips, 1.0)
        )?;
        write!(
            f,
            "{:.1} s, {:.0} moves/s",
            self.seconds,
            accepted as f64 / self.seconds.max(0.001)
        )?;
        if let (Some(before), Some(peak)) = (self.rss_before_kib, self.rss_peak_kib) {
            let per_game = peak.saturating_sub(before) as f64 / f64::from(self.games.max(1));
            write!(
                f,
                "\nserver memory (VmRSS): {:.1} MiB before, {:.1} MiB at the peak, {:.0} KiB a game",
                before as f64 / 1024.0,
                peak as f64 / 1024.0,
                per_game
            )?;
        }
        for (i, tally) in self.tallies.iter().enumerate() {
            if let Some(failure) = &tally.failure {
                write!(f, "\ngame {i}: {failure}")?;
            }
        }
        Ok(())
    }
}
