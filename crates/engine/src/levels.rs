//! Playing strength below full: the levels 1 to 10 and, between them, any rating from
//! [`Strength::MIN_ELO`] to [`Strength::MAX_ELO`] (UCI's `UCI_Elo`). A limited strength caps
//! the search (depth and nodes), blurs the evaluation with noise, and may choose among the
//! near-best moves instead of the best: weak play that looks human (it misses deep ideas
//! and sometimes errs) rather than random.
//!
//! The ratings are on Stockfish 15.1's `UCI_Elo` scale, measured by matches in FIDE chess
//! against Stockfish limited to a rating (`shatar match`); docs/engine.md has the table,
//! the error bars and the commands. The other games use the same settings: a level is
//! a search budget and a way of erring, not a rating in every game.

use crate::limits::Limits;
use crate::position::SearchPosition;
use crate::score::{Value, is_mate};
use crate::search::{Control, Engine, SearchResult};

/// A level from 1 (weakest) to [`Level::MAX`] (full strength), each a rating about 175
/// Elo above the one below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How strongly to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// No cap: the caller's limits decide.
    Full,
    /// About this rating, from [`Strength::MIN_ELO`] to [`Strength::MAX_ELO`].
    Elo(u16),
}

/// What a limited strength limits.
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

/// The measured points of the rating scale: each setting's rating from a match against
/// Stockfish (docs/engine.md). A rating between two of them takes settings between theirs
/// (the node cap geometrically, the rest linearly). Low down the depth cap, the noise and
/// the mistakes make most of the difference, higher up the nodes.
const ANCHORS: [(u16, LevelSettings); 6] = [
    (550, settings(2, 300, 160, 4, 40, 250)),
    (800, settings(3, 485, 136, 4, 35, 205)),
    (1125, settings(3, 704, 117, 3, 31, 170)),
    (1200, settings(4, 1_200, 90, 3, 25, 120)),
    (1800, settings(7, 5_000, 35, 2, 10, 50)),
    (2100, settings(NO_DEPTH_CAP, 60_000, 0, 1, 0, 0)),
];

/// The levels 1 to 9 as ratings; level 10 is [`Strength::Full`].
const LEVEL_ELO: [u16; 9] = [600, 775, 950, 1125, 1300, 1475, 1650, 1825, 2000];

/// No depth cap: at the node counts of a limited strength, this depth is out of reach.
const NO_DEPTH_CAP: u32 = 64;

const fn settings(
    max_depth: u32,
    max_nodes: u64,
    noise_cp: i32,
    lines: usize,
    mistake_percent: u8,
    mistake_cp: Value,
) -> LevelSettings {
    LevelSettings {
        max_depth: if max_depth >= NO_DEPTH_CAP {
            None
        } else {
            Some(max_depth)
        },
        max_nodes: Some(max_nodes),
        noise_cp,
        lines,
        mistake_percent,
        mistake_cp,
    }
}

const FULL: LevelSettings = LevelSettings {
    max_depth: None,
    max_nodes: None,
    noise_cp: 0,
    lines: 1,
    mistake_percent: 0,
    mistake_cp: 0,
};

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(LEVEL_ELO.len() as u8 + 1);

    /// The level `n`, if it is one (1 to 10).
    pub fn new(n: u8) -> Option<Level> {
        (1..=Self::MAX.0).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn strength(self) -> Strength {
        match LEVEL_ELO.get(usize::from(self.0 - 1)) {
            Some(&elo) => Strength::Elo(elo),
            None => Strength::Full,
        }
    }

    pub fn settings(self) -> LevelSettings {
        self.strength().settings()
    }
}

impl From<Level> for Strength {
    fn from(level: Level) -> Strength {
        level.strength()
    }
}

impl Strength {
    pub const MIN_ELO: u16 = ANCHORS[0].0;
    pub const MAX_ELO: u16 = ANCHORS[ANCHORS.len() - 1].0;

    /// About `elo`, brought into the range that is measured.
    pub fn elo(elo: u16) -> Strength {
        Strength::Elo(elo.clamp(Self::MIN_ELO, Self::MAX_ELO))
    }

    pub fn settings(self) -> LevelSettings {
        let Strength::Elo(elo) = self else {
            return FULL;
        };
        let elo = elo.clamp(Self::MIN_ELO, Self::MAX_ELO);
        let upper = ANCHORS
            .iter()
            .position(|&(e, _)| e >= elo)
            .unwrap_or(ANCHORS.len() - 1)
            .max(1);
        let ((lo_elo, lo), (hi_elo, hi)) = (ANCHORS[upper - 1], ANCHORS[upper]);
        let t = f64::from(elo - lo_elo) / f64::from(hi_elo - lo_elo);
        let linear = |a: f64, b: f64| a + (b - a) * t;
        let round = |x: f64| libm::round(x) as i64;
        let geometric = |a: u64, b: u64| {
            libm::round(libm::exp(linear(libm::log(a as f64), libm::log(b as f64)))) as u64
        };
        // Towards a point without a depth cap, the node cap alone limits the depth.
        let max_depth = match (lo.max_depth, hi.max_depth) {
            _ if t == 0.0 => lo.max_depth,
            (Some(a), Some(b)) => Some(round(linear(f64::from(a), f64::from(b))) as u32),
            _ => None,
        };
        let nodes = |s: LevelSettings| s.max_nodes.unwrap_or(u64::MAX);
        LevelSettings {
            max_depth,
            max_nodes: Some(geometric(nodes(lo), nodes(hi))),
            noise_cp: round(linear(f64::from(lo.noise_cp), f64::from(hi.noise_cp))) as i32,
            lines: round(linear(lo.lines as f64, hi.lines as f64)) as usize,
            mistake_percent: round(linear(
                f64::from(lo.mistake_percent),
                f64::from(hi.mistake_percent),
            )) as u8,
            mistake_cp: round(linear(f64::from(lo.mistake_cp), f64::from(hi.mistake_cp))) as Value,
        }
    }

    /// The caller's limits (a clock, a move time) tightened by the strength's caps.
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
    /// Chooses a move the way `strength` plays, within `base` limits. `seed` makes the
    /// noise and choices of a limited strength repeatable (pass a new one for each game).
    pub fn search_at_level<'h>(
        &mut self,
        strength: impl Into<Strength>,
        root: &P,
        history: impl Into<crate::search::History<'h, P>>,
        base: &Limits,
        seed: u64,
        control: Control<'_, P::Move>,
    ) -> SearchResult<P::Move> {
        let strength = strength.into();
        let s = strength.settings();
        self.set_noise((s.noise_cp > 0).then_some((seed, s.noise_cp)));
        let mut result = self.search(root, history, &strength.limits(base), control);
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
            nodes: Some(100),
            move_time_ms: Some(500),
            multi_pv: 1,
            ..Limits::default()
        };
        let level = Level::new(4).unwrap();
        let (l, s) = (level.strength().limits(&base), level.settings());
        assert!(s.max_nodes.unwrap() > 100 && s.lines > 1);
        assert_eq!(
            (l.depth, l.nodes, l.move_time_ms, l.multi_pv),
            (s.max_depth, Some(100), Some(500), s.lines)
        );
        assert_eq!(Level::MAX.strength().limits(&base), base);
    }

    #[test]
    fn the_measured_points_are_played_as_measured() {
        for (elo, settings) in ANCHORS {
            assert_eq!(Strength::Elo(elo).settings(), settings, "{elo}");
        }
        assert_eq!(Level::new(1).unwrap().strength(), Strength::Elo(600));
        assert_eq!(Level::new(9).unwrap().strength(), Strength::Elo(2000));
        assert_eq!(Level::MAX.strength(), Strength::Full);
    }

    #[test]
    fn every_rating_is_stronger_than_the_one_below() {
        assert_eq!(Strength::elo(100), Strength::Elo(Strength::MIN_ELO));
        assert_eq!(Strength::elo(3000), Strength::Elo(Strength::MAX_ELO));
        for elo in Strength::MIN_ELO..Strength::MAX_ELO {
            let (weak, strong) = (
                Strength::Elo(elo).settings(),
                Strength::Elo(elo + 1).settings(),
            );
            assert!(weak.max_nodes <= strong.max_nodes, "{elo}");
            assert!(weak.max_depth.unwrap_or(u32::MAX) <= strong.max_depth.unwrap_or(u32::MAX));
            assert!(weak.noise_cp >= strong.noise_cp && weak.mistake_cp >= strong.mistake_cp);
            assert!(weak.mistake_percent >= strong.mistake_percent && weak.lines >= strong.lines);
        }
    }
}
