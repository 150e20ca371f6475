//! Integers wider than `i128`, for the Dutch system's edge weights.
//!
//! Gacrux packs every criterion of a bracket into one integer (a mixed-radix number, the
//! most important criterion in the highest digit), and one of those digits is a
//! factorial of the bracket's size: a bracket of 60 players needs about 400 bits, one of
//! 1,000 several thousand. [`Nat`] builds them (products and sums of small numbers);
//! [`Wide`] is a fixed-width two's-complement integer the matching computes with, cheap
//! to copy, its width chosen for the largest weight of the call.

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::ops::{Add, AddAssign, Sub, SubAssign};

use crate::matching::Weight;

/// A natural number of any size: little-endian 64-bit limbs, no high zero limb.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nat {
    limbs: Vec<u64>,
}

impl Nat {
    pub fn zero() -> Nat {
        Nat { limbs: Vec::new() }
    }

    pub fn from_u64(n: u64) -> Nat {
        let mut x = Nat { limbs: vec![n] };
        x.trim();
        x
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of bits, 0 for zero.
    pub fn bits(&self) -> u32 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u32 - 1) * 64 + (64 - top.leading_zeros()),
        }
    }

    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// `self * m`.
    pub fn mul_small(&self, m: u64) -> Nat {
        let mut out = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = 0u128;
        for &l in &self.limbs {
            let v = u128::from(l) * u128::from(m) + carry;
            out.push(v as u64);
            carry = v >> 64;
        }
        out.push(carry as u64);
        let mut x = Nat { limbs: out };
        x.trim();
        x
    }

    /// `self * other`.
    pub fn mul(&self, other: &Nat) -> Nat {
        if self.is_zero() || other.is_zero() {
            return Nat::zero();
        }
        let mut out = vec![0u64; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &b) in other.limbs.iter().enumerate() {
                let v = u128::from(a) * u128::from(b) + u128::from(out[i + j]) + carry;
                out[i + j] = v as u64;
                carry = v >> 64;
            }
            let mut k = i + other.limbs.len();
            while carry != 0 {
                let v = u128::from(out[k]) + carry;
                out[k] = v as u64;
                carry = v >> 64;
                k += 1;
            }
        }
        let mut x = Nat { limbs: out };
        x.trim();
        x
    }

    /// `self + other`.
    pub fn add(&self, other: &Nat) -> Nat {
        let n = self.limbs.len().max(other.limbs.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = false;
        for i in 0..n {
            let a = self.limbs.get(i).copied().unwrap_or(0);
            let b = other.limbs.get(i).copied().unwrap_or(0);
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            out.push(s);
            carry = c1 || c2;
        }
        out.push(u64::from(carry));
        let mut x = Nat { limbs: out };
        x.trim();
        x
    }

    /// `self - other`, which must not be negative.
    pub fn sub(&self, other: &Nat) -> Nat {
        assert!(*self >= *other, "Nat::sub below zero");
        let mut out = Vec::with_capacity(self.limbs.len());
        let mut borrow = false;
        for (i, &a) in self.limbs.iter().enumerate() {
            let b = other.limbs.get(i).copied().unwrap_or(0);
            let (d, b1) = a.overflowing_sub(b);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            out.push(d);
            borrow = b1 || b2;
        }
        let mut x = Nat { limbs: out };
        x.trim();
        x
    }
}

impl Ord for Nat {
    fn cmp(&self, other: &Nat) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Nat {
    fn partial_cmp(&self, other: &Nat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A signed integer of `64 * N` bits, two's complement, little-endian limbs. Sums wrap,
/// so the caller chooses `N` with room for its largest sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// `n`, or `None` if it needs the sign bit.
    pub fn from_nat(n: &Nat) -> Option<Wide<N>> {
        if n.bits() >= 64 * N as u32 {
            return None;
        }
        let mut limbs = [0u64; N];
        limbs[..n.limbs().len()].copy_from_slice(n.limbs());
        Some(Wide(limbs))
    }

    fn negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Wide<N>;
    fn add(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Wide<N>;
    fn sub(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *o = d;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, other: Wide<N>) {
        *self = *self + other;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, other: Wide<N>) {
        *self = *self - other;
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Wide<N>) -> Ordering {
        other
            .negative()
            .cmp(&self.negative())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Wide<N>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Wide<N> = Wide([0; N]);

    /// An arithmetic shift right by one.
    fn half(self) -> Wide<N> {
        let mut out = [0u64; N];
        let sign = if self.negative() { u64::MAX } else { 0 };
        for (i, o) in out.iter_mut().enumerate() {
            let high = if i + 1 < N { self.0[i + 1] } else { sign };
            *o = (self.0[i] >> 1) | (high << 63);
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_and_sums_of_naturals() {
        // 30! = 265252859812191058636308480000000, beyond u64 and i64.
        let mut f = Nat::from_u64(1);
        for k in 1..=30 {
            f = f.mul_small(k);
        }
        let expected: u128 = 265_252_859_812_191_058_636_308_480_000_000;
        assert_eq!(f.limbs(), &[expected as u64, (expected >> 64) as u64]);
        assert_eq!(f.bits(), 108);
        let g = f.mul(&f);
        assert_eq!(g.sub(&f.mul_small(3)).add(&f.mul_small(3)), g);
        assert!(g > f && f > Nat::zero());
    }

    #[test]
    fn wide_integers_are_signed() {
        let a = Wide::<2>::from_nat(&Nat::from_u64(10)).unwrap();
        let b = Wide::<2>::from_nat(&Nat::from_u64(14)).unwrap();
        let d = a - b;
        assert!(d < Wide::ZERO && d < a);
        assert_eq!((d + d).half(), d);
        assert_eq!(
            d.half(),
            Wide::ZERO - Wide::from_nat(&Nat::from_u64(2)).unwrap()
        );
        assert_eq!((b + b).half(), b);
        // 96 bits fit 128 with the sign; 136 do not.
        let big = Nat::from_u64(u64::MAX).mul_small(1 << 32);
        assert_eq!(big.bits(), 96);
        assert!(Wide::<2>::from_nat(&big).is_some());
        assert!(Wide::<2>::from_nat(&big.mul_small(1 << 40)).is_none());
    }
}
