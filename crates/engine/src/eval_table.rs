//! Static evaluations remembered by position key, across the searches of one engine.
//!
//! The transposition table keeps a node's static evaluation, but a quiescence node that
//! stands pat stores nothing, and a table entry can be replaced before its position comes
//! back: about one evaluation in eight in the bench is of a position evaluated before.
//! An evaluation depends on the position alone, so a remembered one is exactly the value
//! the evaluation would give: the search is the same, only faster.

use alloc::vec::Vec;

use crate::score::Value;

/// 2^16 slots of 8 bytes: half a megabyte, beside the 16 MB transposition table.
const SLOT_BITS: u32 = 16;

/// Direct-mapped; a slot holds the key's upper half (its lowest bit set, so that an empty
/// slot, zero, matches no key) and the value.
pub struct EvalTable {
    slots: Vec<u64>,
}

impl Default for EvalTable {
    fn default() -> Self {
        EvalTable {
            slots: alloc::vec![0; 1 << SLOT_BITS],
        }
    }
}

impl EvalTable {
    fn index(key: u64) -> usize {
        (key & ((1 << SLOT_BITS) - 1)) as usize
    }

    fn check(key: u64) -> u64 {
        (key | 1 << 32) >> 32
    }

    /// The evaluation stored for `key`, if its slot still holds it.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Value> {
        let slot = self.slots[Self::index(key)];
        (slot >> 32 == Self::check(key)).then_some(slot as u32 as Value)
    }

    #[inline]
    pub fn put(&mut self, key: u64, value: Value) {
        self.slots[Self::index(key)] = Self::check(key) << 32 | u64::from(value as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_value_comes_back_for_its_key_only() {
        let mut table = EvalTable::default();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(table.get(key), None);
        table.put(key, -321);
        assert_eq!(table.get(key), Some(-321));
        // The same slot, another key: not found, and storing it replaces the first.
        let rival = key ^ 0xffff_0000_0000;
        assert_eq!(table.get(rival), None);
        table.put(rival, 17);
        assert_eq!(table.get(rival), Some(17));
        assert_eq!(table.get(key), None);
    }

    #[test]
    fn an_empty_slot_matches_no_key() {
        let table = EvalTable::default();
        // Keys whose upper half is zero would match an empty slot without the check bit.
        for key in [0, 1, 0xffff, 0x1_0000] {
            assert_eq!(table.get(key), None);
        }
    }
}
