//! Points as exact fixed-point numbers: hundredths of a point.
//!
//! Scores are sums of halves (1/½/0) or whole numbers (AXF's 2/1/0), and tie-breaks such
//! as Sonneborn-Berger halve them again: hundredths keep every one of them exact, where
//! floating point would make two equal Buchholz sums differ in the last bit and split a
//! tie that the rules say is a tie.

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A number of points, in hundredths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i64);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(50);
    pub const ONE: Points = Points(100);
    pub const TWO: Points = Points(200);

    /// `n` whole points.
    pub const fn whole(n: i64) -> Points {
        Points(n * 100)
    }

    /// Hundredths of a point.
    pub const fn hundredths(self) -> i64 {
        self.0
    }

    /// This many points times `num / den`, rounded half away from zero to a hundredth.
    pub fn scaled(self, num: i64, den: i64) -> Points {
        let product = self.0 * num;
        let half = den.abs() / 2;
        let rounded = if (product >= 0) == (den > 0) {
            (product.abs() + half) / den.abs()
        } else {
            -((product.abs() + half) / den.abs())
        };
        Points(rounded)
    }

    /// Reads `12`, `2.5`, `0.25`, `-1.0` (at most two decimals): TRF's points fields.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if (whole.is_empty() && fraction.is_empty())
            || fraction.len() > 2
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
            || whole.len() > 12
        {
            return None;
        }
        let whole: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let mut hundredths = 0;
        for (i, b) in fraction.bytes().enumerate() {
            hundredths += i64::from(b - b'0') * if i == 0 { 10 } else { 1 };
        }
        let value = whole * 100 + hundredths;
        Some(Points(if negative { -value } else { value }))
    }

    /// Written with `decimals` decimals (1 or 2), as TRF and the standings print points.
    pub fn with_decimals(self, decimals: usize) -> impl fmt::Display {
        Decimals(self, decimals)
    }
}

struct Decimals(Points, usize);

impl fmt::Display for Decimals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Decimals(Points(v), decimals) = *self;
        let sign = if v < 0 { "-" } else { "" };
        let v = v.abs();
        let text = match decimals {
            0 => alloc::format!("{sign}{}", (v + 50) / 100),
            1 => {
                let tenths = (v + 5) / 10;
                alloc::format!("{sign}{}.{}", tenths / 10, tenths % 10)
            }
            _ => alloc::format!("{sign}{}.{:02}", v / 100, v % 100),
        };
        f.pad(&text)
    }
}

/// The shortest exact form: `2`, `2.5`, `2.25`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let decimals = if self.0 % 100 == 0 {
            0
        } else if self.0 % 10 == 0 {
            1
        } else {
            2
        };
        fmt::Display::fmt(&self.with_decimals(decimals), f)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0 - other.0)
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl SubAssign for Points {
    fn sub_assign(&mut self, other: Points) {
        self.0 -= other.0;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn reads_and_writes_trf_points() {
        assert_eq!(Points::parse("2.5"), Some(Points(250)));
        assert_eq!(Points::parse(" 10.0"), Some(Points(1000)));
        assert_eq!(Points::parse("0.25"), Some(Points(25)));
        assert_eq!(Points::parse("-1"), Some(Points(-100)));
        assert_eq!(Points::parse("1.234"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points(250).to_string(), "2.5");
        assert_eq!(Points(200).to_string(), "2");
        assert_eq!(Points(225).to_string(), "2.25");
        assert_eq!(
            alloc::format!("{:>4}", Points(250).with_decimals(1)),
            " 2.5"
        );
        assert_eq!(Points(1000).with_decimals(1).to_string(), "10.0");
        assert_eq!(Points(295).with_decimals(1).to_string(), "3.0");
    }

    #[test]
    fn scales_rounding_half_away_from_zero() {
        assert_eq!(Points(125).scaled(1, 2), Points(63));
        assert_eq!(Points(-125).scaled(1, 2), Points(-63));
        assert_eq!(Points(300).scaled(1, 2), Points(150));
    }
}
