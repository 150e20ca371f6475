//! A small seeded generator for the tests' random games: the same seed, the same games.

/// A linear congruential generator (Knuth's MMIX constants), the high bits taken.
pub(crate) struct Lcg(pub u64);

impl Lcg {
    /// A number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (self.0 >> 33) as usize % n
    }
}
