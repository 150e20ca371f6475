//! Correction history: how far the search's results have been from the static evaluation
//! in positions with the same pawn structure, learnt while searching and added to the
//! evaluation. A linear evaluation misjudges some structures the same way every time; the
//! search finds out, and the next node with that structure starts nearer the truth.

use alloc::vec::Vec;

use crate::score::Value;

/// Entries per side (a power of two: the key is masked).
const ENTRIES: usize = 16_384;
/// Corrections are kept in 1/256 cp, so that small weights still move them.
const GRAIN: i32 = 256;
/// No correction goes beyond this many centipawns.
const LIMIT_CP: i32 = 100;

pub struct Correction {
    /// By side and key; empty for a game without correction keys.
    table: Vec<i32>,
}

impl Correction {
    /// A table for a game that gives correction keys, an empty one otherwise.
    pub fn new(enabled: bool) -> Self {
        Correction {
            table: if enabled {
                alloc::vec![0; 2 * ENTRIES]
            } else {
                Vec::new()
            },
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    fn index(side: usize, key: u64) -> usize {
        side * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// The correction for `side` to move in positions of `key`, in centipawns.
    pub fn get(&self, side: usize, key: Option<u64>) -> Value {
        match key {
            Some(key) if !self.table.is_empty() => self.table[Self::index(side, key)] / GRAIN,
            _ => 0,
        }
    }

    /// A search to `depth` found the position `error` centipawns from its corrected
    /// static evaluation: the correction moves towards it, more for deeper searches.
    pub fn update(&mut self, side: usize, key: Option<u64>, depth: i32, error: Value) {
        let Some(key) = key.filter(|_| !self.table.is_empty()) else {
            return;
        };
        let entry = &mut self.table[Self::index(side, key)];
        let weight = (depth + 1).clamp(1, 16);
        let target = (*entry + error.clamp(-LIMIT_CP, LIMIT_CP) * GRAIN)
            .clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN);
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_within_bounds() {
        let mut c = Correction::new(true);
        for _ in 0..1000 {
            c.update(0, Some(7), 10, 80);
        }
        let learnt = c.get(0, Some(7));
        assert!(learnt > 50 && learnt <= LIMIT_CP, "{learnt}");
        assert_eq!(c.get(1, Some(7)), 0, "by side");
        assert_eq!(c.get(0, None), 0);
        let mut off = Correction::new(false);
        off.update(0, Some(7), 10, 80);
        assert_eq!(off.get(0, Some(7)), 0);
    }
}
