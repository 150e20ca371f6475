//! The transposition table: what earlier searches learnt about a position, found by its
//! Zobrist hash. Buckets of entries; replacement prefers shallow and stale entries.

use alloc::vec::Vec;

use crate::score::Value;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    None,
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
    Exact,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The upper half of the hash; the lower half chose the bucket.
    check: u32,
    pub best_move: Option<M>,
    pub value: i16,
    pub static_eval: i16,
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        check: 0,
        best_move: None,
        value: 0,
        static_eval: 0,
        depth: 0,
        bound: Bound::None,
        generation: 0,
    };
}

const BUCKET: usize = 4;

/// One bucket on a cache line of its own: with the entries' own alignment (4) a bucket
/// of four 16-byte entries straddled two lines, and a probe that missed read both.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket<M>([Entry<M>; BUCKET]);

pub struct TranspositionTable<M> {
    buckets: Vec<Bucket<M>>,
    bucket_mask: usize,
    generation: u8,
}

/// A size that suits the browser: the worker's memory stays small on a phone.
pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = 4096;

impl<M: Copy> TranspositionTable<M> {
    /// A table of at most `megabytes` (at least one bucket), rounded down to a power of
    /// two buckets so the bucket index is a mask.
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.clamp(1, MAX_HASH_MB) << 20;
        let buckets = (bytes / core::mem::size_of::<Bucket<M>>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        TranspositionTable {
            buckets: alloc::vec![Bucket([Entry::EMPTY; BUCKET]); buckets],
            bucket_mask: buckets - 1,
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.fill(Bucket([Entry::EMPTY; BUCKET]));
        self.generation = 0;
    }

    /// Called at the start of each search, so entries of earlier searches age.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, hash: u64) -> usize {
        hash as usize & self.bucket_mask
    }

    /// Asks the processor to bring `hash`'s bucket into the cache, so that the probe a
    /// little later (the child node's, after its move is made and its checks are done)
    /// does not wait for memory. A hint only: nothing else changes.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket<M> = &self.buckets[self.bucket(hash)];
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints:
            // it reads nothing the program sees, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    pub fn probe(&self, hash: u64) -> Option<Entry<M>> {
        let check = (hash >> 32) as u32;
        self.buckets[self.bucket(hash)]
            .0
            .iter()
            .find(|e| e.check == check && e.bound != Bound::None)
            .copied()
    }

    /// Stores what the search found. `value` must already be relative to the node
    /// ([`crate::score::to_tt`]).
    pub fn store(
        &mut self,
        hash: u64,
        best_move: Option<M>,
        value: Value,
        static_eval: Value,
        depth: u8,
        bound: Bound,
    ) {
        let check = (hash >> 32) as u32;
        let generation = self.generation;
        let index = self.bucket(hash);
        let bucket = &mut self.buckets[index].0;
        let slot = match bucket.iter().position(|e| e.check == check) {
            Some(i) => i,
            None => {
                // The least worth keeping: empty, then old, then shallow.
                let worth = |e: &Entry<M>| {
                    i32::from(e.depth)
                        - 8 * i32::from(generation.wrapping_sub(e.generation).min(31))
                };
                (0..BUCKET)
                    .min_by_key(|&i| {
                        if bucket[i].bound == Bound::None {
                            i32::MIN
                        } else {
                            worth(&bucket[i])
                        }
                    })
                    .unwrap_or(0)
            }
        };
        let old = bucket[slot];
        // Keep a deeper result of this search for the same position, but always keep a move.
        if old.check == check
            && old.generation == generation
            && old.depth > depth + 2
            && bound != Bound::Exact
        {
            if old.best_move.is_none() {
                bucket[slot].best_move = best_move;
            }
            return;
        }
        bucket[slot] = Entry {
            check,
            best_move: best_move.or(if old.check == check {
                old.best_move
            } else {
                None
            }),
            value: value.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            static_eval: static_eval.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth,
            bound,
            generation,
        };
    }

    /// Permille of a sample of entries written by this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .take(sample)
            .filter(|e| e.bound != Bound::None && e.generation == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let tt = TranspositionTable::<u16>::new(16);
        let bytes = tt.buckets.len() * core::mem::size_of::<Bucket<u16>>();
        for (game, size) in [
            ("8x8", core::mem::size_of::<Bucket<shatar_rules::Move>>()),
            (
                "xiangqi",
                core::mem::size_of::<Bucket<shatar_rules::xiangqi::Move>>(),
            ),
        ] {
            assert_eq!(size, 64, "a bucket of {game} moves is a cache line");
        }
        assert_eq!(
            tt.buckets.as_ptr() as usize % 64,
            0,
            "buckets start on a line"
        );
        assert!(bytes <= 16 << 20 && bytes > 8 << 20, "{bytes}");
        assert!((tt.bucket_mask + 1).is_power_of_two());
    }

    #[test]
    fn stores_and_finds_by_full_hash() {
        let mut tt = TranspositionTable::<u16>::new(1);
        let hash = 0x1234_5678_9abc_def0;
        tt.store(hash, Some(7), 55, 10, 6, Bound::Exact);
        let e = tt.probe(hash).expect("stored");
        assert_eq!(
            (e.best_move, e.value, e.depth, e.bound),
            (Some(7), 55, 6, Bound::Exact)
        );
        assert!(
            tt.probe(hash ^ (1 << 40)).is_none(),
            "same bucket, other position"
        );
    }

    #[test]
    fn a_shallow_result_does_not_replace_a_deep_one_but_keeps_a_move() {
        let mut tt = TranspositionTable::<u16>::new(1);
        tt.store(99, None, 10, 0, 12, Bound::Lower);
        tt.store(99, Some(3), -40, 0, 2, Bound::Upper);
        let e = tt.probe(99).unwrap();
        assert_eq!((e.depth, e.value, e.best_move), (12, 10, Some(3)));
    }
}
