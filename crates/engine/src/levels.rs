//! Playing levels, from a beginner's opponent to full strength. Each level caps the
//! search (depth and nodes), blurs the evaluation with noise, and may choose among the
//! near-best moves instead of the best: weak play that looks human (it misses deep ideas
//! and sometimes errs) rather than random. The strength order is measured by self-play
//! (`shatar match`), not assumed; see docs/engine.md for the table.

use crate::limits::Limits;
use crate::position::SearchPosition;
use crate::score::{Value, is_mate};
use crate::search::{Control, Engine, SearchResult};

/// A level from 1 (weakest) to [`Level::MAX`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    /// Each evaluation is off by up to this many centipawns, either way.
    pub noise_cp: i32,
    /// Lines searched to choose from.
    pub lines: usize,
    /// How often (in percent of moves) a line other than the best is chosen...
    pub mistake_percent: u8,
    /// ...among those at most this far below the best.
    pub mistake_cp: Value,
}

/// The depth cap rises a ply a level (each ply is worth a few hundred Elo this low), the
/// node cap with it; below level 9 the evaluation noise and the occasional choice of a
/// worse line make the play human-weak. The steps were measured with `shatar match` (the
/// table of results is in docs/engine.md). Level 10 has no cap: the caller's time decides.
const TABLE: [LevelSettings; 10] = [
    settings(Some(1), Some(200), 200, 5, 50, 300),
    settings(Some(2), Some(500), 150, 4, 40, 220),
    settings(Some(3), Some(1_200), 110, 4, 30, 160),
    settings(Some(4), Some(3_000), 80, 3, 25, 120),
    settings(Some(5), Some(6_000), 55, 3, 20, 90),
    settings(Some(6), Some(15_000), 35, 2, 15, 60),
    settings(Some(7), Some(30_000), 20, 2, 8, 30),
    settings(Some(9), Some(60_000), 10, 2, 4, 20),
    settings(None, Some(200_000), 0, 1, 0, 0),
    settings(None, None, 0, 1, 0, 0),
];

const fn settings(
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    noise_cp: i32,
    lines: usize,
    mistake_percent: u8,
    mistake_cp: Value,
) -> LevelSettings {
    LevelSettings {
        max_depth,
        max_nodes,
        noise_cp,
        lines,
        mistake_percent,
        mistake_cp,
    }
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(TABLE.len() as u8);

    /// The level `n`, if it is one (1 to 10).
    pub fn new(n: u8) -> Option<Level> {
        (1..=Self::MAX.0).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn settings(self) -> LevelSettings {
        TABLE[usize::from(self.0 - 1)]
    }

    /// The caller's limits (a clock, a move time) tightened by the level's caps.
    pub fn limits(self, base: &Limits) -> Limits {
        let s = self.settings();
        let min = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            depth: min(base.depth.map(u64::from), s.max_depth.map(u64::from)).map(|d| d as u32),
            nodes: min(base.nodes, s.max_nodes),
            multi_pv: s.lines.max(base.multi_pv),
            ..base.clone()
        }
    }
}

impl<P: SearchPosition> Engine<P> {
    /// Chooses a move the way `level` plays, within `base` limits. `seed` makes the
    /// level's noise and choices repeatable (pass a new one for each game).
    pub fn search_at_level<'h>(
        &mut self,
        level: Level,
        root: &P,
        history: impl Into<crate::search::History<'h, P>>,
        base: &Limits,
        seed: u64,
        control: Control<'_, P::Move>,
    ) -> SearchResult<P::Move> {
        let s = level.settings();
        self.set_noise((s.noise_cp > 0).then_some((seed, s.noise_cp)));
        let mut result = self.search(root, history, &level.limits(base), control);
        self.set_noise(None);
        let dice = mix_seed(seed ^ root.hash());
        if let Some(best) = result.lines.first().map(|l| l.value)
            && !is_mate(best)
            && dice % 100 < u64::from(s.mistake_percent)
        {
            let worse = result
                .lines
                .iter()
                .skip(1)
                .take_while(|l| best - l.value <= s.mistake_cp)
                .count();
            if worse > 0 {
                let pick = 1 + ((dice >> 8) % worse as u64) as usize;
                result.lines.swap(0, pick);
            }
        }
        result
    }
}

/// A 64-bit mix (splitmix64): well-spread seeds for levels, games and openings from any
/// number, the same everywhere.
pub fn mix_seed(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_get_stronger_by_every_measure() {
        for n in 1..Level::MAX.0 {
            let (weak, strong) = (Level(n).settings(), Level(n + 1).settings());
            let cap = |d: Option<u64>| d.unwrap_or(u64::MAX);
            assert!(cap(weak.max_depth.map(u64::from)) <= cap(strong.max_depth.map(u64::from)));
            assert!(cap(weak.max_nodes) < cap(strong.max_nodes));
            assert!(weak.noise_cp >= strong.noise_cp && weak.mistake_cp >= strong.mistake_cp);
            assert!(weak.mistake_percent >= strong.mistake_percent);
        }
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(11), None);
    }

    #[test]
    fn level_caps_tighten_but_keep_the_clock() {
        let base = Limits {
            nodes: Some(1_000),
            move_time_ms: Some(500),
            ..Limits::default()
        };
        let l = Level::new(4).unwrap().limits(&base);
        assert_eq!(
            (l.depth, l.nodes, l.move_time_ms, l.multi_pv),
            (Some(4), Some(1_000), Some(500), 3)
        );
    }
}
